// Compiles the API for `npm start` and the container: one ES module per entry point in dist/,
// with the domain package compiled in and every npm package left to node_modules. The bundled
// development identity provider stays a chunk of its own, loaded only when it is mounted.
import { copyFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

// dist/server.js starts tracing (src/tracing.ts), and only then loads the server: the SDK must run
// before the packages it instruments are evaluated. server.ts imports tracing.ts first, which is
// enough where it runs as source (tsx), but in a bundle the imports of the chunks it shares with
// import-file.js (pg among them) are hoisted above it.
//
// While the server loads, V8's young generation keeps its initial size: everything loaded at start
// (modules, routes, compiled serialisers) lives as long as the process, so growing the nursery for
// it (to 2 × 16 MiB) buys no speed and stays resident for good. Once the server listens it grows
// with the load as usual (2 is V8's default growth factor).
const SERVER_ENTRY = 'server-entry';
const SERVER_ENTRY_SOURCE = `import { setFlagsFromString } from 'node:v8';
import './src/tracing.ts';
setFlagsFromString('--semi-space-growth-factor=1');
const { started } = await import('./src/server.ts');
await started;
setFlagsFromString('--semi-space-growth-factor=2');
`;

// Chunk names change with their content: start empty so no stale chunk is shipped.
rmSync(path.join(import.meta.dirname, 'dist'), { recursive: true, force: true });

await build({
  absWorkingDir: import.meta.dirname,
  entryPoints: {
    server: SERVER_ENTRY,
    'import-file': 'src/import-file.ts',
    'backup-file': 'src/backup-file.ts',
    'restore-file': 'src/restore-file.ts',
    // Run in processes of its own by content-checker.ts, which finds it beside the server.
    'content-check-process': 'src/content-checks/content-check-process.ts',
  },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'server-entry',
      setup(context) {
        context.onResolve({ filter: /^server-entry$/ }, () => ({
          path: SERVER_ENTRY,
          namespace: SERVER_ENTRY,
        }));
        context.onLoad({ filter: /.*/, namespace: SERVER_ENTRY }, () => ({
          contents: SERVER_ENTRY_SOURCE,
          resolveDir: import.meta.dirname,
          loader: 'ts',
        }));
      },
    },
    {
      name: 'node-modules-external',
      setup(context) {
        // Bare imports stay imports, except our own workspace packages, which are TypeScript.
        context.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});

// The NOC verification page's script is sent to browsers as it is; the server reads it beside
// its own modules.
copyFileSync(
  path.join(import.meta.dirname, 'src/modules/noc-letters/verify-check.js'),
  path.join(import.meta.dirname, 'dist/verify-check.js'),
);
