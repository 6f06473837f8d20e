// `npm run import -- FILE`: loads a lender data file (the body of POST /api/import) into the
// configured database. With the embedded database, stop the server first or use the HTTP call.
import { readFile } from 'node:fs/promises';
import { ImportBodySchema } from '@portal/domain';
import { loadEnv } from './env.ts';
import { databaseTarget, openDatabase } from './db/client.ts';
import { importLenderData } from './modules/lender-data/import-lender-data.ts';

async function main() {
  const file = process.argv[2];
  if (!file) throw new Error('Usage: npm run import -- FILE.json');
  const parsed = ImportBodySchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${file}: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const database = await openDatabase(databaseTarget(loadEnv()));
  try {
    const counts = await importLenderData(database.db, parsed.data);
    console.log(
      `Imported ${Object.entries(counts)
        .map(([k, n]) => `${n} ${k}`)
        .join(', ')}.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
