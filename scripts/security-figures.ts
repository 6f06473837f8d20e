// `npm run docs:security`: rewrites the figures block of docs/security.md from the code itself —
// the app's real route table, the reviewed authorisation matrix, the fuzz settings, the limits the
// controls enforce, and the ASVS table of the page itself. Nothing outside the block changes.
// `npm run docs:security -- --check` writes nothing and exits 1, showing the difference, when the
// block is stale. Either way it exits 1 when the page names a file or a test that does not exist.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OtpCodeSchema, PasswordSchema } from '@portal/domain';
import { loadEnv } from '../apps/api/src/env.ts';
import {
  CODE_ENTRY,
  CODE_SENDS,
  SIGN_IN_FAILURES_PER_ADDRESS,
  SIGN_IN_PER_USER,
  SIGN_UP_CHECK_PER_ADDRESS,
  type SlowdownRule,
  type ThrottleRule,
} from '../apps/api/src/modules/identity/throttle.ts';
import { VERIFICATIONS_PER_ADDRESS } from '../apps/api/src/modules/noc-letters/noc-letters.routes.ts';
import {
  CODE_LIFETIME_MS,
  CODE_MAX_ATTEMPTS,
} from '../apps/api/src/modules/identity/one-time-codes.ts';
import {
  SESSION_LIFETIME_MS,
  SESSION_TOKEN_BYTES,
} from '../apps/api/src/modules/identity/sessions.ts';
import {
  MAX_PENDING_UPLOADS_PER_SLOT,
  MAX_PENDING_UPLOADS_PER_USER,
  UPLOAD_URL_SECONDS,
} from '../apps/api/src/modules/documents/upload-document.ts';
import {
  MAX_EXPANSION_RATIO,
  MAX_UNCOMPRESSED_BYTES,
} from '../apps/api/src/content-checks/inspect-content.ts';
import { CONTENT_CHECK_LIMITS } from '../apps/api/src/content-checks/content-checker.ts';
import { DEFAULT_EXPIRY_SECONDS } from '../apps/api/src/storage/storage-common.ts';
import { ABANDONED_AFTER_MS } from '../apps/api/src/modules/documents/clean-abandoned-uploads.ts';
import {
  AUTHORIZATION_MATRIX,
  CALLERS,
  cellAllowsSuccess,
} from '../apps/api/src/security/authorization-matrix.ts';
import { DEFAULT_FUZZ_RUNS } from '../apps/api/test/fuzz-settings.ts';
import { POSTGRES_SUITE } from '../apps/api/vitest.postgres.config.ts';
import { createTestAppWithRoutes, routeKey } from '../apps/api/test/route-table.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOC = 'docs/security.md';
const START = '<!-- figures:start -->';
const END = '<!-- figures:end -->';
const STATUSES = ['Met', 'Partly', 'Not met', 'Not applicable'] as const;
type Status = (typeof STATUSES)[number];

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

// ------------------------------------------------------------------ reading the code

/** The shortest and longest lengths `accepts` takes, probing lengths 1 … limit. */
function acceptedLengths(accepts: (length: number) => boolean, limit = 4096) {
  const accepted = Array.from({ length: limit }, (_, i) => i + 1).filter(accepts);
  if (accepted.length === 0) throw new Error('no accepted length found');
  return { min: accepted[0]!, max: accepted.at(-1)! };
}

const passwordOfLength = (n: number) => `a1!${'b'.repeat(Math.max(0, n - 3))}`.slice(0, n);

/** The shortest value of a setting loadEnv accepts. */
function minimumSettingLength(name: string): number {
  const accepts = (n: number) => {
    try {
      loadEnv({ [name]: 'x'.repeat(n) });
      return true;
    } catch {
      return false;
    }
  };
  return acceptedLengths(accepts, 512).min;
}

/**
 * How many times CI runs the hostile-input fuzz: once per `npm test`, and once per
 * `npm run test:pg` when the fuzz is among the PostgreSQL suite's files.
 */
function fuzzRunsInCi(): number {
  const ci = read('.ci/run');
  if (/FUZZ_RUNS|TEST_SIZE/.test(ci)) {
    throw new Error('.ci/run sizes the fuzz: teach scripts/security-figures.ts to read it');
  }
  const runsOf = (command: string) =>
    ci.split('\n').filter((line) => new RegExp(`^\\s*(?:\\w+=\\S+\\s+)*${command}\\b`).test(line))
      .length;
  const onPostgres = POSTGRES_SUITE.includes('src/security/hostile-input.test.ts');
  return runsOf('npm test') + (onPostgres ? runsOf('npm run test:pg') : 0);
}

// ------------------------------------------------------------------ the ASVS table of the page

interface AsvsRow {
  id: string;
  status: Status;
  proof: string;
}

/** Rows of the page's ASVS tables: `| 6.2.1 | L | requirement | status | proved by |`. */
function asvsRows(page: string): AsvsRow[] {
  const rows: AsvsRow[] = [];
  for (const line of page.split('\n')) {
    // A `\|` inside a cell is a pipe in its text, not a column break.
    const cells = /^\|\s*(\d+\.\d+\.\d+)\s*\|/.test(line)
      ? line.split(/(?<!\\)\|/).slice(1, -1)
      : [];
    if (cells.length === 0) continue;
    const [id, , , status, ...proof] = cells.map((cell) => cell.trim());
    if (!STATUSES.includes(status as Status)) {
      throw new Error(
        `${DOC}: ASVS ${id} has status "${status}", not one of ${STATUSES.join(', ')}`,
      );
    }
    rows.push({ id: id!, status: status as Status, proof: proof.join('|') });
  }
  const seen = new Set<string>();
  for (const { id } of rows) {
    if (seen.has(id)) throw new Error(`${DOC}: ASVS ${id} has two rows`);
    seen.add(id);
  }
  return rows;
}

/** A test named as `` `path/to/x.test.ts` › `its exact title` ``. */
const TEST_REFERENCE = /`([\w./-]+\.(?:test|spec)\.tsx?)` › `([^`]+)`/g;
/** Any file of the repository named in backticks. */
const FILE_REFERENCE = /`((?:apps|packages|e2e|docs|scripts)\/[\w./-]+\.\w+|\.ci\/run)`/g;

/** A title as it is written in the test's source, in any of the three quotes. */
function titleInSource(source: string, title: string): boolean {
  return [`'${title}'`, `'${title.replaceAll("'", "\\'")}'`, `"${title}"`, `\`${title}\``].some(
    (quoted) => source.includes(quoted),
  );
}

/** Every file and test the page names, checked against the repository. */
function checkReferences(page: string) {
  const problems = new Set<string>();
  const tests = new Set<string>();
  for (const [, file] of page.matchAll(FILE_REFERENCE)) {
    if (!existsSync(path.join(ROOT, file!))) problems.add(`no such file: ${file}`);
  }
  for (const [, file, title] of page.matchAll(TEST_REFERENCE)) {
    tests.add(`${file} › ${title}`);
    if (existsSync(path.join(ROOT, file!)) && !titleInSource(read(file!), title!)) {
      problems.add(`no test "${title}" in ${file}`);
    }
  }
  return { problems: [...problems], tests: tests.size };
}

// ------------------------------------------------------------------ formatting

const grouped = (n: number) => n.toLocaleString('en-US');

function duration(ms: number): string {
  const minutes = ms / 60_000;
  if (minutes < 1) return `${ms / 1000} s`;
  if (minutes < 60) return `${minutes} min`;
  if (minutes % (24 * 60) === 0 && minutes >= 2 * 24 * 60) return `${minutes / (24 * 60)} days`;
  return minutes % 60 === 0 ? `${minutes / 60} h` : `${minutes} min`;
}

function bytes(n: number): string {
  return n % (1024 * 1024) === 0 ? `${n / (1024 * 1024)} MiB` : `${grouped(n)} bytes`;
}

const throttle = (rule: ThrottleRule) =>
  `${rule.limit} in ${duration(rule.windowMs)}, then refused for ${duration(rule.lockMs)}`;

const slowdown = (rule: SlowdownRule) =>
  `past ${rule.after} in ${duration(rule.windowMs)}, each one more waits ${duration(rule.stepMs)} ` +
  `longer, at most ${duration(rule.maxMs)}; never refused`;

const table = (header: string, rows: (string | number)[][]) => [
  header,
  `|${header
    .split('|')
    .slice(1, -1)
    .map(() => '---')
    .join('|')}|`,
  ...rows.map((cells) => `| ${cells.join(' | ')} |`),
];

// ------------------------------------------------------------------ the block

/** Builds the test app without the bundled provider's warnings about development-only settings. */
async function quietly<T>(build: () => Promise<T>): Promise<T> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('oidc-provider WARNING')) warn(...args);
  };
  try {
    return await build();
  } finally {
    console.warn = warn;
  }
}

async function figures(page: string): Promise<string[]> {
  const { testApp, routes } = await quietly(() => createTestAppWithRoutes());
  await testApp.close();
  const api = routes.filter((route) => route.url.startsWith('/api/'));
  const dev = routes.filter((route) => route.url.startsWith('/dev/'));
  const withRole = api.filter((route) => route.roles !== undefined);
  const routeKeys = new Set(routes.map(routeKey));
  const matrixRows = Object.entries(AUTHORIZATION_MATRIX);
  const unreviewed = [...routeKeys].filter((key) => !(key in AUTHORIZATION_MATRIX)).length;
  const cells = matrixRows.flatMap(([, row]) => [...row]);
  const successCells = cells.filter(cellAllowsSuccess).length;
  const fuzzRuns = fuzzRunsInCi();

  const env = loadEnv({});
  const password = acceptedLengths((n) => PasswordSchema.safeParse(passwordOfLength(n)).success);
  const codeDigits = acceptedLengths((n) => OtpCodeSchema.safeParse('7'.repeat(n)).success, 64);
  const tokenBits = SESSION_TOKEN_BYTES * 8;

  const rows = asvsRows(page);
  const count = (status: Status) => rows.filter((row) => row.status === status).length;
  const hasTest = (row: AsvsRow) => new RegExp(TEST_REFERENCE.source).test(row.proof);
  const byPolicy = (row: AsvsRow) => !hasTest(row) && row.proof.includes('](#policies)');
  const met = rows.filter((row) => row.status === 'Met');
  const { tests } = checkReferences(page);

  return [
    '<!-- Written by `npm run docs:security` (scripts/security-figures.ts); edit that, not this. -->',
    '',
    '**The code under test**',
    '',
    ...table('| figure | value | read from |', [
      [
        'routes the app registers (test app: loopback, local storage, development conveniences on)',
        routes.length,
        '`apps/api/test/route-table.ts`',
      ],
      ['… under `/api/`: what a deployment serves', api.length, 'the same route table'],
      ['… of those, limited to session roles (`config.roles`)', withRole.length, '〃'],
      ['… `/dev/` routes: on a loopback development server only', dev.length, '〃'],
      [
        'rows in the reviewed authorisation matrix',
        matrixRows.length,
        '`apps/api/src/security/authorization-matrix.ts`',
      ],
      ['routes with no reviewed row', unreviewed, 'route table vs matrix'],
      [
        'callers per route (anonymous, integration key, two borrowers, three staff roles)',
        CALLERS.length,
        '〃',
      ],
      ['matrix cells, each a real call per API suite run', grouped(cells.length), '〃'],
      ['… cells where the caller may succeed', successCells, '〃'],
      ['… cells where the caller must be refused', cells.length - successCells, '〃'],
      [
        'hostile requests per API suite run',
        grouped(DEFAULT_FUZZ_RUNS),
        '`apps/api/test/fuzz-settings.ts`',
      ],
      [
        'fuzz runs per CI run (`npm test` on embedded PGlite, `npm run test:pg` on PostgreSQL)',
        fuzzRuns,
        '`.ci/run`, `apps/api/vitest.postgres.config.ts`',
      ],
      ['hostile requests per CI run', grouped(DEFAULT_FUZZ_RUNS * fuzzRuns), '〃'],
    ]),
    '',
    '**Limits the controls enforce**',
    '',
    ...table('| limit | value | read from |', [
      [
        'sign-in attempts per user (account id and e-mail share the count; so do the codes of the two-factor step)',
        throttle(SIGN_IN_PER_USER),
        '`SIGN_IN_PER_USER`',
      ],
      [
        'wrong passwords per client address: a delay on its wrong ones',
        slowdown(SIGN_IN_FAILURES_PER_ADDRESS),
        '`SIGN_IN_FAILURES_PER_ADDRESS`',
      ],
      [
        'wrong sign-up and reset codes, and authenticator codes setting it up or turning it off, per user and purpose',
        throttle(CODE_ENTRY),
        '`CODE_ENTRY`',
      ],
      [
        'code e-mails per account and purpose (sign-up, reset, two-factor set-up)',
        throttle(CODE_SENDS),
        '`CODE_SENDS`',
      ],
      [
        'unknown account ids per address at sign-up',
        throttle(SIGN_UP_CHECK_PER_ADDRESS),
        '`SIGN_UP_CHECK_PER_ADDRESS`',
      ],
      [
        'NOC letter numbers looked up per address (the public verification page and its JSON)',
        throttle(VERIFICATIONS_PER_ADDRESS),
        '`VERIFICATIONS_PER_ADDRESS`',
      ],
      [
        'one-time code',
        `${codeDigits.min} random digits (${(codeDigits.min * Math.log2(10)).toFixed(1)} bits), ` +
          `${duration(CODE_LIFETIME_MS)}, ${CODE_MAX_ATTEMPTS} tries, single use`,
        '`OtpCodeSchema`, `one-time-codes.ts`',
      ],
      [
        'password length accepted',
        `${password.min} to ${password.max} characters`,
        '`PasswordSchema`',
      ],
      ['session token', `${tokenBits} random bits, stored as SHA-256`, '`sessions.ts`'],
      [
        'session idle timeout (default of `SESSION_IDLE_MINUTES`)',
        duration(env.SESSION_IDLE_MINUTES * 60_000),
        '`env.ts`',
      ],
      ['session absolute lifetime', duration(SESSION_LIFETIME_MS), '`SESSION_LIFETIME_MS`'],
      [
        '`SESSION_SECRET` / `INTEGRATION_API_KEY` shortest accepted',
        `${minimumSettingLength('SESSION_SECRET')} / ${minimumSettingLength('INTEGRATION_API_KEY')} characters`,
        '`env.ts`',
      ],
      ['largest document (default of `MAX_UPLOAD_BYTES`)', bytes(env.MAX_UPLOAD_BYTES), '`env.ts`'],
      [
        'Office package, declared unpacked size',
        `at most ${MAX_EXPANSION_RATIO} × its stored size and ${bytes(MAX_UNCOMPRESSED_BYTES)}`,
        '`inspect-content.ts`',
      ],
      [
        'reading inside an upload (Office package, PDF, photo): isolated processes, time / memory per file / waiting',
        `${CONTENT_CHECK_LIMITS.processes} at once, ${duration(CONTENT_CHECK_LIMITS.timeoutMs)} / ` +
          `${bytes(CONTENT_CHECK_LIMITS.jobMemoryMiB * 1024 * 1024)} / at most ` +
          `${CONTENT_CHECK_LIMITS.maxWaiting} files for ${duration(CONTENT_CHECK_LIMITS.maxWaitMs)}`,
        '`CONTENT_CHECK_LIMITS`',
      ],
      [
        'pending uploads per borrower / per slot',
        `${MAX_PENDING_UPLOADS_PER_USER} / ${MAX_PENDING_UPLOADS_PER_SLOT}`,
        '`upload-document.ts`',
      ],
      ['an unfinished upload is swept after', duration(ABANDONED_AFTER_MS), '`ABANDONED_AFTER_MS`'],
      [
        'upload link / download link lifetime',
        `${duration(UPLOAD_URL_SECONDS * 1000)} / ${duration(DEFAULT_EXPIRY_SECONDS * 1000)}`,
        '`upload-document.ts`, `storage-common.ts`',
      ],
      [
        'delivered mail and webhook jobs kept (default of `OUTBOX_RETENTION_DAYS`)',
        duration(env.OUTBOX_RETENTION_DAYS * 24 * 60 * 60_000),
        '`env.ts`',
      ],
    ]),
    '',
    '**This page’s ASVS table**',
    '',
    ...table('| rows | count |', [
      ...STATUSES.map((status) => [status, count(status)]),
      ['all rows', rows.length],
      ['rows whose proof names a test', rows.filter(hasTest).length],
      ['… Met rows that are documentation, met by this page', met.filter(byPolicy).length],
      [
        '… Met rows in the code that no test proves yet',
        met.filter((r) => !hasTest(r) && !byPolicy(r)).length,
      ],
      ['distinct tests named, every one found in its file', tests],
    ]),
  ];
}

// ------------------------------------------------------------------ main

function blockOf(page: string): { before: string; block: string[]; after: string } {
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${DOC}: no ${START} … ${END} block`);
  return {
    before: page.slice(0, start + START.length),
    block: page
      .slice(start + START.length, end)
      .split('\n')
      .slice(1, -1),
    after: page.slice(end),
  };
}

async function main() {
  const check = process.argv.includes('--check');
  const page = read(DOC);
  const { problems } = checkReferences(page);
  if (problems.length > 0) {
    console.error(`${DOC} names what the repository does not have:\n  ${problems.join('\n  ')}`);
    process.exitCode = 1;
    return;
  }
  const { before, block, after } = blockOf(page);
  const fresh = await figures(page);
  const stale = fresh.join('\n') !== block.join('\n');
  if (check) {
    if (!stale) {
      console.log(`${DOC}: figures are up to date.`);
      return;
    }
    console.error(`${DOC}: figures are stale; run npm run docs:security. Differences:`);
    for (let i = 0; i < Math.max(block.length, fresh.length); i++) {
      if (block[i] === fresh[i]) continue;
      if (block[i] !== undefined) console.error(`- ${block[i]}`);
      if (fresh[i] !== undefined) console.error(`+ ${fresh[i]}`);
    }
    process.exitCode = 1;
    return;
  }
  writeFileSync(path.join(ROOT, DOC), `${before}\n${fresh.join('\n')}\n${after}`);
  console.log(`${DOC}: figures ${stale ? 'rewritten' : 'already up to date'}.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
