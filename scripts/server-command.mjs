// How the compiled server is run wherever it runs as deployed: `npm start`, the browser tests and
// the benchmark use these; the image's CMD (Dockerfile), scripts/check-runtime-stage.sh and the
// API's own `start` script write the same command out.
//
// A list page allocates its rows and a ~40 kB answer, and under load dozens are in flight at once:
// with V8's 16 MiB semi-spaces they outlived the scavenges and were copied (15% of the server's
// CPU at 50 connections). 64 MiB semi-spaces cut the CPU of a 1M checker page by about a third.
// The nursery grows only under load, so idle memory is unchanged (apps/api/build.mjs).
//
// No --enable-source-maps: Node then parses the source map of every npm package that ships one,
// 7–10 MiB of every replica's idle memory. Stack traces name dist/ lines; the build writes maps
// beside them, and NODE_OPTIONS=--enable-source-maps turns the mapping on where it is wanted
// (the image, which never turns it on, ships none).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];

export const SERVER_ENTRY = 'apps/api/dist/server.js';
