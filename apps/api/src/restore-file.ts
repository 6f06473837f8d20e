// `npm run restore -- FILE`: restores a backup made by `npm run backup` into DATA_DIR, which must
// be empty or not exist yet, with no server running on it.
import { loadEnv } from './env.ts';
import { embeddedDataDir, restoreDataDir } from './backup/embedded-backup.ts';

async function main() {
  const file = process.argv[2];
  if (!file) throw new Error('Usage: npm run restore -- FILE.tar.gz');
  const dataDir = embeddedDataDir(loadEnv());
  const { files, createdAt } = await restoreDataDir(file, dataDir);
  console.log(
    `Restored the database and ${files} stored files of the backup taken at ${createdAt} into ${dataDir}.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
