// `npm run import -- FILE`: loads a lender data file into the configured database, with the
// compiled API (built first if missing or stale).
import { spawnSync } from 'node:child_process';
import { buildIfStale, root } from './build-if-stale.mjs';

buildIfStale(['api']);
const run = spawnSync(
  process.execPath,
  ['--enable-source-maps', 'apps/api/dist/import-file.js', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
process.exit(run.status ?? 1);
