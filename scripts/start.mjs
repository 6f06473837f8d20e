// `npm start`: build the web app and the API if missing or stale, then run the compiled server
// with plain node; it serves the app and the API on one port.
import { spawn } from 'node:child_process';
import { buildIfStale, root } from './build-if-stale.mjs';

buildIfStale(['web', 'api']);

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/server.js'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
