// Compiles the API for `npm start` and the container: one ES module per entry point in dist/,
// with the domain package compiled in and every npm package left to node_modules. The bundled
// development identity provider stays a chunk of its own, loaded only when it is mounted.
import { build } from 'esbuild';

await build({
  absWorkingDir: import.meta.dirname,
  entryPoints: { server: 'src/server.ts', 'import-file': 'src/import-file.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
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
