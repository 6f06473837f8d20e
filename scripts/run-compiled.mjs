// `node scripts/run-compiled.mjs ENTRY ARGS…`: runs one command-line entry point of the compiled
// API (apps/api/build.mjs: import-file, backup-file, restore-file) with plain node, building the
// API first if missing or stale. Behind `npm run import`, `npm run backup` and `npm run restore`.
import { spawnSync } from 'node:child_process';
import { buildIfStale, root } from './build-if-stale.mjs';

const [entry, ...args] = process.argv.slice(2);
buildIfStale(['api']);
const run = spawnSync(
  process.execPath,
  ['--enable-source-maps', `apps/api/dist/${entry}.js`, ...args],
  { cwd: root, stdio: 'inherit' },
);
process.exit(run.status ?? 1);
