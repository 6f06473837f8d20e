// `npm start`: build the web app and the API if missing or stale, then run the compiled server
// with plain node; it serves the app and the API on one port.
import { spawn } from 'node:child_process';
import { buildIfStale, root } from './build-if-stale.mjs';
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from './server-command.mjs';

buildIfStale(['web', 'api']);

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
