// Builds what `npm start` and the compiled commands (`npm run import`, `backup`, `restore`) run,
// when it is missing or older than its sources, so they work on a fresh clone and after every pull.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

const TARGETS = {
  web: {
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'packages/domain/src',
    ],
  },
  api: {
    output: 'apps/api/dist/server.js',
    sources: ['apps/api/src', 'apps/api/build.mjs', 'packages/domain/src'],
  },
};

function newestMtime(target) {
  if (!statSync(target).isDirectory()) return statSync(target).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** Builds each of `names` ('web', 'api') whose output is missing or older than its sources. */
export function buildIfStale(names) {
  for (const name of names) {
    const { output, sources } = TARGETS[name];
    const builtAt = existsSync(path.join(root, output))
      ? statSync(path.join(root, output)).mtimeMs
      : 0;
    const changedAt = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
    if (changedAt <= builtAt) continue;
    console.log(`Building the ${name === 'web' ? 'web app' : 'API'}…`);
    const build = spawnSync('npm', ['run', 'build', '-w', `apps/${name}`], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}
