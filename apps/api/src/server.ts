import closeWithGrace from 'close-with-grace';
import { ConfigError, loadEnv } from './env.ts';
import { DataDirLockedError, databaseTarget, openDatabase } from './db/client.ts';
import { buildApp } from './app.ts';
import { seedDemoDataIfEmpty } from './seed/seed-demo-data.ts';

async function main() {
  const env = loadEnv();
  const database = await openDatabase(databaseTarget(env));
  const app = await buildApp({ env, db: database.db });
  app.addHook('onClose', () => database.close());

  const seeded = env.DEMO_DATA ? await seedDemoDataIfEmpty(database.db) : false;

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'stopping after an unexpected error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  await app.listen({ port: env.PORT, host: env.HOST });
  const lines = [
    '',
    `Borrower Portal is running at ${env.PUBLIC_URL}`,
    `  database: ${database.kind === 'pglite' ? `embedded PGlite in ${env.DATA_DIR}` : 'PostgreSQL'}`,
    `  API docs: ${env.PUBLIC_URL}/api/docs`,
  ];
  if (seeded) {
    lines.push(
      '  demo data loaded: borrower accounts ACC1001 (asha.mehta@example.com) and ACC1002 (ravi.kumar@example.com)',
      '  try it: open the app, choose Sign up, enter ACC1001 and that e-mail address',
    );
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Borrower Portal failed to start:', error);
  }
  process.exit(1);
});
