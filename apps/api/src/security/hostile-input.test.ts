import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { addDays, todayIn, type Role } from '@portal/domain';
import type { TestApp } from '../../test/app.ts';
import { TEST_INTEGRATION_KEY } from '../../test/app.ts';
import { pdfBytes } from '../../test/documents.ts';
import { seedBorrower, TEST_PASSWORD } from '../../test/factories.ts';
import { fuzzSettings } from '../../test/fuzz-settings.ts';
import { createTestAppWithRoutes, routeKey, type RegisteredRoute } from '../../test/route-table.ts';
import {
  freshTokenFor,
  seedSecurityWorld,
  type SecurityWorld,
  type SignedInCaller,
} from '../../test/security-world.ts';
import {
  requestFor,
  type Callers,
  type HostileRequest,
  type KnownValues,
  type JsonSchema,
  type Operation,
} from './hostile-requests.ts';

const { seed, runs } = fuzzSettings();
const REPLAY = `FUZZ_SEED=${seed} FUZZ_RUNS=${runs} npx vitest run --project api apps/api/src/security/hostile-input.test.ts`;
// Printed first, so even a run that dies half-way can be replayed.
console.log(`Hostile-input fuzz: seed ${seed}, ${runs} requests. Replay: ${REPLAY}`);

/** Requests generated per operation per round: rounds interleave the routes, so state mixes. */
const PER_ROUND = 10;
/** app.inject calls in flight at once: enough to overlap database round trips, no more. */
const CONCURRENCY = 8;
/** A request still unanswered after this long counts as a hang, and names itself. */
const ANSWER_WITHIN_MS = 15_000;

/** Calls that end the session they are sent with: a sign-out, and a sign-in that replaces it. */
const ENDS_SESSION = new Set(['POST /api/auth/signout', 'POST /api/auth/signin']);

const SIGNED_IN: readonly SignedInCaller[] = [
  'borrowerA',
  'borrowerB',
  'approver',
  'viewer',
  'admin',
];

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; schema: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema: JsonSchema }> };
        security?: unknown[];
      }
    >
  >;
}

/** The operations of the OpenAPI document, with paths written as the router writes them. */
function documentedOperations(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const params = (where: string) =>
        Object.fromEntries(
          (op.parameters ?? []).filter((p) => p.in === where).map((p) => [p.name, p.schema]),
        );
      return {
        method: method.toUpperCase(),
        path: path.replace(/\{(\w+)\}/g, ':$1'),
        pathParams: params('path'),
        query: params('query'),
        body: op.requestBody?.content?.['application/json']?.schema,
        integration: Boolean(op.security?.length),
      };
    }),
  );
}

/** Routes kept out of the document (signed storage links, development conveniences) get schemaless fuzz. */
const undocumentedOperation = (route: RegisteredRoute): Operation => ({
  method: route.method,
  path: route.url,
  pathParams: {},
  query: {},
  body: undefined,
  integration: false,
});

/** Money as the lender sends it: JSON numbers and decimal strings. */
const MONEY_FIELDS = [
  'sanctionAmount',
  'peakExposure',
  'currentFace',
  'areaSqft',
  'maxSellingPrice',
  'baseSellingPrice',
  'totalSaleValue',
  'amountToBeReceived',
];

/** Real values by field and parameter name, so plausible requests find what they name. */
function knownValuesOf(
  world: SecurityWorld,
  bystander: { accountKey: string; email: string; userId: string },
  timeZone: string,
): KnownValues {
  const { a } = world;
  const sets = [a.units, a.frequencies];
  const unitKeys = Object.values(a.units).map((set) => set.key);
  const frequencyKeys = Object.values(a.frequencies).map((set) => set.key);
  const accountKeys = [a.accountKey, a.accountKey.toLowerCase(), world.b.accountKey];
  const today = todayIn(timeZone);
  const year = Number(today.slice(0, 4));
  const byName: Record<string, readonly (string | number)[]> = {
    accountId: [...accountKeys, bystander.accountKey],
    opportunityKey: [a.opportunityKey],
    projectKey: [a.projectKey, 'all'],
    collateralKey: [a.collateralKey, 'all'],
    unitKey: unitKeys,
    frequencyKey: frequencyKeys,
    parentKey: [...unitKeys, ...frequencyKeys],
    keys: [...unitKeys, ...frequencyKeys],
    key: [...accountKeys, a.opportunityKey, a.projectKey, ...unitKeys, a.collateralKey],
    fileId: sets.flatMap((s) => [
      s.draft.fileId,
      s.draft.discardableFileId,
      s.draft.uploadedFileId,
      s.submitted.approverFileId,
      s.submitted.adminFileId,
    ]),
    requestId: Object.values(a.statementRequestIds),
    id: [String(world.deadLetterId), bystander.userId],
    email: [a.email, bystander.email, world.prospects.anonymous.email],
    username: [a.accountKey, a.email, bystander.accountKey],
    password: [TEST_PASSWORD],
    newPassword: [TEST_PASSWORD],
    to: [a.email],
    ...Object.fromEntries(
      MONEY_FIELDS.map((name) => [name, ['1000000', '0.50', 12345678.25, '99999999999999.99']]),
    ),
    selectedNoc: ['Final', 'Provisional', 'final'],
    contentType: ['application/pdf', 'image/png', 'text/csv', 'application/zip'],
    size: [pdfBytes('x').length, 0, 26_214_400, 26_214_401],
    fromDate: [addDays(today, -30), addDays(today, -400), today, addDays(today, 1)],
    toDate: [addDays(today, -1), today, addDays(today, 30)],
    year: [year, year - 1, year + 1],
    version: [0, 1, 2, 3],
    '*': ['.well-known/openid-configuration', 'jwks', 'auth', 'token', 'me', 'swagger-ui.css'],
  };
  const everyString = Object.values(byName)
    .flat()
    .filter((value) => typeof value === 'string');
  return (name) => (name && byName[name]) || everyString;
}

let testApp: TestApp;
let routes: RegisteredRoute[];
let world: SecurityWorld;
let known: KnownValues;

beforeAll(async () => {
  ({ testApp, routes } = await createTestAppWithRoutes());
  world = await seedSecurityWorld(testApp);
  // A user no test session belongs to, for the admin's user changes to land on.
  const bystander = await seedBorrower(testApp.db);
  known = knownValuesOf(
    world,
    {
      accountKey: bystander.account.key,
      email: bystander.account.email,
      userId: bystander.user.id,
    },
    testApp.env.BUSINESS_TIMEZONE,
  );
}, 180_000);
afterAll(() => testApp?.close());

/** Who sends requests in one round: anyone at all, and for each route the callers it admits. */
interface RoundCallers {
  anyone: Callers;
  admittedTo: (operation: Operation) => Callers;
}

const CALLER_OF_ROLE: Record<Role, SignedInCaller[]> = {
  client: ['borrowerA', 'borrowerA', 'borrowerB'],
  approver: ['approver'],
  viewer: ['viewer'],
  admin: ['admin'],
};

async function callersForRound(): Promise<RoundCallers> {
  // New sessions every round: a fuzzed sign-out (or disabling) must not silence a role for good.
  const tokens = Object.fromEntries(
    await Promise.all(
      SIGNED_IN.map(async (caller) => [caller, await freshTokenFor(testApp.db, world, caller)]),
    ),
  ) as Record<SignedInCaller, string>;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const signedIn = (caller: SignedInCaller) => ({ caller, headers: bearer(tokens[caller]) });
  const anonymous = { caller: 'anonymous', headers: {} };
  const integration = { caller: 'integration', headers: bearer(TEST_INTEGRATION_KEY) };
  const forged: Record<string, string>[] = [
    { authorization: `Bearer ${'x'.repeat(10_000)}` },
    { authorization: 'Bearer ' },
    { authorization: 'Basic Zm9vOmJhcg==' },
    { authorization: `bearer\t${tokens.admin}` },
    { authorization: `Bearer ${tokens.admin}\u00ff` },
    { cookie: 'portal_session=not-a-session' },
    { cookie: '%%%;;;==; portal_session' },
    // A browser session without, and with a foreign, Origin: writes are refused (CSRF).
    { cookie: `portal_session=${tokens.admin}` },
    { cookie: `portal_session=${tokens.borrowerA}`, origin: 'http://evil.example' },
    { cookie: `portal_session=${tokens.borrowerA}`, origin: 'http://localhost:3000' },
    { 'x-request-id': '../'.repeat(40), 'x-forwarded-for': '203.0.113.7, ::1' },
  ];
  const anyone = fc.oneof(
    ...SIGNED_IN.map((caller) => fc.constant(signedIn(caller))),
    fc.constant(anonymous),
    fc.constant(integration),
    fc.constantFrom(...forged).map((headers) => ({ caller: 'forged', headers })),
  );
  const rolesByRoute = new Map(routes.map((route) => [routeKey(route), route.roles]));
  return {
    anyone,
    admittedTo: (operation) => {
      if (operation.integration) return fc.constant(integration);
      const roles = rolesByRoute.get(routeKey({ method: operation.method, url: operation.path }));
      if (!roles) return fc.constantFrom(anonymous, ...SIGNED_IN.map(signedIn));
      return fc.constantFrom(...roles.flatMap((role) => CALLER_OF_ROLE[role]).map(signedIn));
    },
  };
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

async function answerWithin<T>(ms: number, answer: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([answer, hang]);
  } finally {
    clearTimeout(timer);
  }
}

const clip = (text: string, length = 240) =>
  text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text;

const describeRequest = (request: HostileRequest) =>
  [
    `${request.method} ${clip(request.url)} as ${request.caller}`,
    `    headers ${clip(JSON.stringify(request.headers))}`,
    `    body ${clip(request.payload === undefined ? '(none)' : JSON.stringify(String(request.payload)))}`,
  ].join('\n');

it(`answers ${runs} hostile requests across every route without a 5xx or a crash`, async () => {
  const doc = (await testApp.app.inject({ url: '/api/docs/json' })).json() as OpenApiDocument;
  const documented = documentedOperations(doc);
  const documentedKeys = new Set(
    documented.map((op) => routeKey({ method: op.method, url: op.path })),
  );
  const operations = [
    ...documented,
    ...routes.filter((route) => !documentedKeys.has(routeKey(route))).map(undocumentedOperation),
  ];
  expect(operations.length).toBeGreaterThanOrEqual(routes.length);

  const perOperation = Math.ceil(runs / operations.length);
  const failures: string[] = [];
  const statusCounts = new Map<number, number>();
  let sent = 0;

  for (let round = 0; round * PER_ROUND < perOperation; round++) {
    const callers = await callersForRound();
    // Calls that end their own session get sessions of their own, or they would silence the
    // round's other requests.
    const sessionEnding = await callersForRound();
    const count = Math.min(PER_ROUND, perOperation - round * PER_ROUND);
    const requests = operations.flatMap((operation, index) =>
      fc.sample(
        requestFor(operation, {
          known,
          ...(ENDS_SESSION.has(routeKey({ method: operation.method, url: operation.path }))
            ? { anyone: sessionEnding.anyone, admitted: sessionEnding.admittedTo(operation) }
            : { anyone: callers.anyone, admitted: callers.admittedTo(operation) }),
        }),
        {
          // One stream per operation and round: a replay regenerates these requests, against a
          // world seeded the same way (its keys are new, but each pick is the same object).
          seed: (seed + round * 7_919 + index * 104_729) | 0,
          numRuns: count,
        },
      ),
    );
    await inParallel(requests, CONCURRENCY, async (request) => {
      sent++;
      try {
        const res = await answerWithin(
          ANSWER_WITHIN_MS,
          testApp.app.inject({
            method: request.method as InjectOptions['method'],
            url: request.url,
            headers: request.headers,
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          }),
        );
        statusCounts.set(res.statusCode, (statusCounts.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode >= 500) {
          failures.push(`${res.statusCode} ${clip(res.body, 200)}\n  ${describeRequest(request)}`);
        }
      } catch (error) {
        failures.push(`${String(error)}\n  ${describeRequest(request)}`);
      }
    });
  }

  const summary = [...statusCounts].sort(([x], [y]) => x - y).map(([s, n]) => `${s}×${n}`);
  console.log(
    `Hostile-input fuzz: ${sent} requests to ${operations.length} routes: ${summary.join(' ')}`,
  );
  expect(
    failures,
    [
      `${failures.length} of ${sent} hostile requests got a 5xx or no answer (seed ${seed}).`,
      `Replay: ${REPLAY}`,
      ...failures.slice(0, 20),
    ].join('\n'),
  ).toEqual([]);
  expect(sent).toBeGreaterThanOrEqual(runs);
  // Still up, and still able to reach its database.
  expect((await testApp.app.inject({ url: '/api/readyz' })).statusCode).toBe(200);
}, 600_000);
