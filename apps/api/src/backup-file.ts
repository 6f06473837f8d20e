// `npm run backup -- FILE`: writes the embedded database and stored files of DATA_DIR into one
// archive. Stop the server first: the backup refuses a DATA_DIR in use (see embedded-backup.ts).
import { loadEnv } from './env.ts';
import { backupDataDir, embeddedDataDir } from './backup/embedded-backup.ts';

async function main() {
  const file = process.argv[2];
  if (!file) throw new Error('Usage: npm run backup -- FILE.tar.gz');
  const dataDir = embeddedDataDir(loadEnv());
  const { files } = await backupDataDir(dataDir, file);
  console.log(`Backed up the database and ${files} stored files of ${dataDir} to ${file}.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
