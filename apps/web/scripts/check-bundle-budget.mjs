#!/usr/bin/env node
/**
 * First-load budget per screen, read from Vite's build manifest.
 *
 * A screen's first load is the entry chunk and everything it imports statically
 * (the browser fetches or modulepreloads all of it), plus the screen's lazy chunk
 * and its static imports. Chunks a screen loads only on demand (its own dynamic
 * imports, such as the PDF preview opened with View) are listed beside the row
 * but not counted. Sizes are gzip level 9, in kB of 1,000 bytes.
 *
 * Usage: node scripts/check-bundle-budget.mjs [dist folder]   (default: ./dist)
 * Exits 1 when a screen is over budget, or when the shell lazy-loads something that is
 * neither a screen here nor declared on demand.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * kB of gzip JS. Sign-in is the page every visit starts on, so it is held tighter. The screens'
 * budget grew from 250 when Mantine's parts came to load as one file (vite.config.ts
 * `screen-parts`): ~30 kB more a screen, most of it parts the frame loaded just after anyway,
 * for some forty fewer requests — on a phone on slow 4G a unit link's panel showed 1.1 s sooner
 * (docs/decisions.md).
 */
const SIGN_IN_BUDGET_KB = 150;
const SCREEN_BUDGET_KB = 290;

/**
 * Loaded with every signed-in screen: the header with the role's navigation, one chunk by its
 * name (vite.config.ts).
 */
const SIGNED_IN_FRAME = ['signed-in'];

/**
 * What the shell loads only when needed, by source or by chunk name (vite.config.ts): the
 * notice list with the first notice; the domain's schemas and zod with a signed-in session
 * answer, a sign-in submit or a staff sign-on failure; the domain's translator when Hindi is
 * chosen (its Hindi catalog is a `messages.hi.ts`); the checker lists' first reads, beside their
 * screens (unit-list-route.ts, collateral-list-route.ts).
 */
const ON_DEMAND = [
  'src/components/notification-list.tsx',
  'domain',
  'translate',
  'unit-queries',
  'checker-frequencies-query',
];

/** One row per lazy screen (router.tsx), with the docs/product.md#screens paths that open it. */
const SCREENS = [
  { paths: '/', page: 'src/features/sign-in/sign-in-page.tsx', budget: SIGN_IN_BUDGET_KB },
  { paths: '/signup', page: 'src/features/sign-up/sign-up-page.tsx' },
  { paths: '/verification', page: 'src/features/verification/verification-page.tsx' },
  { paths: '/Thankyou', page: 'src/features/thank-you/thank-you-page.tsx' },
  {
    paths: '/forgot, /forgot_password',
    page: 'src/features/forgot-password/forgot-password-page.tsx',
  },
  {
    paths: '/forgotverification',
    page: 'src/features/forgot-verification/forgot-verification-page.tsx',
  },
  {
    paths: '/createnewpassword',
    page: 'src/features/create-new-password/create-new-password-page.tsx',
  },
  { paths: '/logout', page: 'src/features/logged-out/logged-out-page.tsx' },
  { paths: '/oauthcallback', page: 'src/features/oauth-callback/oauth-callback-page.tsx' },
  { paths: '(unknown address)', page: 'src/features/not-found/not-found-page.tsx' },
  {
    paths: '/opportunities',
    page: 'src/features/opportunities/opportunities-page.tsx',
    frame: SIGNED_IN_FRAME,
  },
  {
    paths: '…/projects, …/projects/:projectKey/units',
    page: 'src/features/project-units/project-units-page.tsx',
    frame: SIGNED_IN_FRAME,
  },
  {
    paths: '…/loan-statement-requests, /loanstatement',
    page: 'src/features/loan-statement/loan-statement-page.tsx',
    frame: SIGNED_IN_FRAME,
  },
  {
    paths: '/checker, /unitstatus',
    page: 'src/features/unit-list/unit-list-page.tsx',
    frame: SIGNED_IN_FRAME,
  },
  {
    paths: '/collateralchecker, /collateralstatus',
    page: 'src/features/collateral-list/collateral-list-page.tsx',
    frame: SIGNED_IN_FRAME,
  },
  {
    paths: '/accounts/:accountId/collaterals',
    page: 'src/features/frequencies/frequencies-page.tsx',
    frame: SIGNED_IN_FRAME,
  },
  {
    paths: '…/frequencies/:frequencyKey, …/units/:unitKey',
    page: 'src/features/files-status/files-status-page.tsx',
    frame: SIGNED_IN_FRAME,
  },
  { paths: '/files', page: 'src/features/files/files-page.tsx', frame: SIGNED_IN_FRAME },
  {
    paths: '/admin/users',
    page: 'src/features/admin/admin-users-page.tsx',
    frame: SIGNED_IN_FRAME,
  },
  {
    paths: '/admin/quarantine',
    page: 'src/features/admin/quarantine-page.tsx',
    frame: SIGNED_IN_FRAME,
  },
  {
    paths: '/reports/rejections',
    page: 'src/features/rejection-report/rejection-report-page.tsx',
    frame: SIGNED_IN_FRAME,
  },
  { paths: '/profile', page: 'src/features/profile/profile-page.tsx', frame: SIGNED_IN_FRAME },
  {
    paths: '/monitoring-calendar',
    page: 'src/features/monitoring-calendar/monitoring-calendar-page.tsx',
    frame: SIGNED_IN_FRAME,
  },
];

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(process.argv[2] ?? join(here, '..', 'dist'));
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const gzipSizes = new Map();
function gzipSize(file) {
  if (!gzipSizes.has(file)) {
    gzipSizes.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  }
  return gzipSizes.get(file);
}

/** A manifest key, given as a key or as a chunk's name. */
const keyOf = (ref) =>
  ref in manifest ? ref : (Object.keys(manifest).find((key) => manifest[key].name === ref) ?? ref);

function chunk(key) {
  const entry = manifest[key];
  if (!entry) throw new Error(`${key} is not in the build manifest (renamed or no longer lazy?)`);
  return entry;
}

/** Manifest keys of `keys` and their static imports, recursively. */
function staticGraph(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    staticGraph(chunk(key).imports ?? [], seen);
  }
  return seen;
}

const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
const entryGraph = staticGraph(entryKeys);
const kb = (bytes) => (bytes / 1000).toFixed(1);

// Everything the shell can lazy-load is a screen, a frame or declared on demand; anything
// else would escape the budget.
const screenKeys = new Set(SCREENS.flatMap(({ page, frame = [] }) => [page, ...frame.map(keyOf)]));
// A part's Hindi (`i18n/messages/<part>.hi.ts`, the domain's `messages.hi.ts`) loads only when
// Hindi is chosen.
const isKnown = (key) =>
  screenKeys.has(key) ||
  ON_DEMAND.includes(key) ||
  ON_DEMAND.includes(chunk(key).name) ||
  key.endsWith('.hi.ts');
const unlisted = [...entryGraph]
  .flatMap((key) => chunk(key).dynamicImports ?? [])
  .filter((key) => !isKnown(key));

const bytesOf = (keys) => [...keys].reduce((sum, key) => sum + gzipSize(chunk(key).file), 0);

/** What the screen can load later, each with the kB it adds to what is already loaded. */
function onDemandFrom(graph) {
  const loaded = new Set(graph);
  const found = [];
  const queue = [...graph];
  while (queue.length > 0) {
    for (const key of chunk(queue.shift()).dynamicImports ?? []) {
      if (loaded.has(key) || screenKeys.has(key)) continue;
      const added = [...staticGraph([key])].filter((k) => !loaded.has(k));
      for (const k of added) loaded.add(k);
      found.push(`${chunk(key).name} +${kb(bytesOf(added))}`);
      queue.push(...added);
    }
  }
  return found;
}

const rows = SCREENS.map(({ paths, page, frame = [], budget = SCREEN_BUDGET_KB }) => {
  const graph = staticGraph([...entryKeys, ...frame.map(keyOf), page]);
  const cssFiles = new Set([...graph].flatMap((key) => chunk(key).css ?? []));
  const css = [...cssFiles].reduce((sum, file) => sum + gzipSize(file), 0);
  const js = bytesOf(graph);
  return { paths, js, css, budget, ok: js <= budget * 1000, onDemand: onDemandFrom(graph) };
});

const header = [
  'route',
  'JS gzip kB',
  'CSS gzip kB',
  'budget kB',
  'result',
  'on demand (not counted)',
];
const table = [
  header,
  ...rows.map((row) => [
    row.paths,
    kb(row.js),
    kb(row.css),
    String(row.budget),
    row.ok ? 'OK' : 'OVER',
    row.onDemand.join(', '),
  ]),
];
const widths = header.map((_, column) => Math.max(...table.map((row) => row[column].length)));
for (const row of table) {
  console.log(
    row
      // Text columns to the left, figures to the right.
      .map((cell, column) =>
        column === 0 || column === header.length - 1
          ? cell.padEnd(widths[column])
          : cell.padStart(widths[column]),
      )
      .join('  ')
      .trimEnd(),
  );
}

let failed = false;
for (const row of rows.filter((r) => !r.ok)) {
  console.error(
    `OVER: ${row.paths} loads ${kb(row.js)} kB gzip of JS; the budget is ${row.budget}.`,
  );
  failed = true;
}
for (const key of unlisted) {
  console.error(`NO BUDGET: the shell lazy-loads ${key}; add it to SCREENS or ON_DEMAND here.`);
  failed = true;
}
process.exit(failed ? 1 : 0);
