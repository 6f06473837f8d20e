import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

/** Mantine modules of the 'form-parts' chunk, under node_modules/@mantine/. */
const FORM_PARTS = [
  ...[
    'Input',
    'InputBase',
    'TextInput',
    'PasswordInput',
    'ActionIcon',
    'CloseButton',
    'Alert',
    'Anchor',
    'Paper',
    'Skeleton',
    'Divider',
  ].map((component) => `core/esm/components/${component}`),
  'core/esm/core/styles-api/use-resolved-styles-api',
  'hooks/esm/use-id',
  'hooks/esm/use-uncontrolled',
];

// In development the API runs on its own port (docs/product.md#what-it-does: in production it serves this build).
const API_ORIGIN = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
    // A brotli and a gzip copy of each text file at their best levels, which the API sends as the
    // browser accepts (apps/api/src/plugins/web-app.ts): too slow to do per request.
    compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' }),
  ],
  server: {
    proxy: {
      '/api': API_ORIGIN,
      // The dev outbox and dev identity provider (docs/product.md#components) live under /dev.
      '/dev': API_ORIGIN,
      // A NOC letter's public verification page is served by the API, not the app.
      '/verify': API_ORIGIN,
    },
  },
  build: {
    outDir: 'dist',
    // scripts/check-bundle-budget.mjs follows each screen's chunks through it.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the first page loads in one file: one request, and gzip compresses the
            // whole better than a dozen small chunks.
            { name: 'shell', tags: ['$initial'] },
            // The domain's schemas and zod, which the first page does without (api/session.ts). Its
            // translator and catalogs stay apart (not taken in as the schemas' dependencies): Hindi
            // loads them without zod (i18n.ts), and the Hindi catalog loads only in Hindi. The API's
            // paths stay apart too: every page calls some, the first page included.
            {
              name: 'domain',
              test: (id) =>
                /[\\/]node_modules[\\/]zod[\\/]/.test(id) ||
                (/[\\/]packages[\\/]domain[\\/]/.test(id) &&
                  !/[\\/](translate|messages|messages\.hi|api-paths|identity-paths)\.ts$/.test(id)),
              includeDependenciesRecursively: false,
            },
            // The form parts of the sign-in page (inputs, alerts, paper, divider) in one file, as
            // Mantine's own chunks were a dozen small files: fewer requests, and gzip does better
            // on one. Other screens with forms load the few parts they do not use with them.
            // The signed-in frame (header, navigation, notices' bell) and what it imports, in one file:
            // every signed-in screen loads all of it, and on a slow line each file costs a round trip.
            {
              name: 'signed-in',
              test: /[\\/]src[\\/]components[\\/]signed-in-layout\.tsx$/,
            },
            {
              name: 'form-parts',
              test: (id) =>
                FORM_PARTS.some((part) => id.includes(`/node_modules/@mantine/${part}/`)),
            },
            // The rest of Mantine's parts the signed-in screens draw with (tables, badges, menus,
            // popovers, dialogs, selects), in one file: split by component they were some forty
            // files, and a phone on slow 4G fetches six at a time, a round trip each.
            {
              name: 'screen-parts',
              test: /[\\/]node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
