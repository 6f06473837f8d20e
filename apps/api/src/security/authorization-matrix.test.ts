import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { TestApp } from '../../test/app.ts';
import { pdfBytes, sha256Hex } from '../../test/documents.ts';
import { TEST_PASSWORD } from '../../test/factories.ts';
import { createTestAppWithRoutes, routeKey, type RegisteredRoute } from '../../test/route-table.ts';
import {
  authorizationFor,
  freshTokenFor,
  seedSecurityWorld,
  type SecurityWorld,
  type SignedInCaller,
  type WorkflowSets,
} from '../../test/security-world.ts';
import {
  AUTHORIZATION_MATRIX,
  CALLERS,
  cellAllows,
  cellAllowsSuccess,
  type Caller,
} from './authorization-matrix.ts';

const MATRIX_FILE = 'apps/api/src/security/authorization-matrix.ts';

/** How one route is called: its path parameters and anything the call needs to be able to succeed. */
interface Probe {
  params?: Record<string, string>;
  query?: Record<string, string>;
  payload?: object | Buffer;
  headers?: Record<string, string>;
  /** A signed storage link is the whole URL. */
  url?: string;
  /** The call ends the session it is made with, so it is made with a session of its own. */
  ownSession?: boolean;
}
type ProbeFor = (world: SecurityWorld, caller: Caller) => Probe;

/** Parameters that mean the same object on every route: borrower A's. */
const commonParams = (world: SecurityWorld): Record<string, string> => ({
  accountId: world.a.accountKey,
  opportunityKey: world.a.opportunityKey,
  projectKey: world.a.projectKey,
  collateralKey: world.a.collateralKey,
  status: 'PENDING_APPROVAL',
});

/** Path parameters naming one of A's objects: B must get the same answer as for no object at all. */
const OWNED_PARAMS = new Set([
  'accountId',
  'opportunityKey',
  'projectKey',
  'unitKey',
  'collateralKey',
  'frequencyKey',
  'parentKey',
  'fileId',
  'requestId',
]);

/** A wrong but well-formed one-time code: no caller can know the mailed one. */
const WRONG_CODE = '000000';

/**
 * The state change a document set's PUT asks for, on the set where that caller can succeed:
 * A submits a ready set, each reviewing role finalises a set whose files it approved.
 */
const setTransition = (sets: WorkflowSets, caller: Caller) => {
  if (caller === 'borrowerA') return { key: sets.ready.key, approvalStatus: 'PENDING_APPROVAL' };
  if (caller === 'approver')
    return { key: sets.reviewedForApprover.key, approvalStatus: 'APPROVED' };
  if (caller === 'admin') return { key: sets.reviewedForAdmin.key, approvalStatus: 'APPROVED' };
  return { key: sets.draft.key, approvalStatus: 'PENDING_APPROVAL' };
};

/** The file routes, the same for units and frequencies. */
function fileProbes(basePath: string, setsOf: (world: SecurityWorld) => WorkflowSets) {
  const draftParams = (world: SecurityWorld) => ({ parentKey: setsOf(world).draft.key });
  const review = (world: SecurityWorld, caller: Caller): Probe => {
    const { draft, submitted } = setsOf(world);
    if (caller === 'approver' || caller === 'admin') {
      return {
        params: {
          parentKey: submitted.key,
          fileId: caller === 'approver' ? submitted.approverFileId : submitted.adminFileId,
        },
        payload: { approvalStatus: 'APPROVED', approverRemarks: 'Checked against the original' },
      };
    }
    // Remarks cannot change once a document is uploaded; docs/product.md#api clients send them back as they are.
    return {
      params: { parentKey: draft.key, fileId: draft.fileId },
      payload: { borrowerRemarks: draft.fileRemarks },
    };
  };
  const bytes = pdfBytes('new upload');
  return {
    [`GET ${basePath}`]: (world) => ({ params: draftParams(world) }),
    [`POST ${basePath}`]: (world) => ({
      params: draftParams(world),
      payload: {
        fileType: setsOf(world).draft.freeSlot,
        fileName: 'new-upload.pdf',
        fileHash: sha256Hex(bytes),
        size: bytes.length,
        contentType: 'application/pdf',
        borrowerRemarks: 'New upload',
      },
    }),
    [`GET ${basePath}/:fileId`]: (world) => ({
      params: { ...draftParams(world), fileId: setsOf(world).draft.fileId },
    }),
    [`PUT ${basePath}/:fileId`]: review,
    [`DELETE ${basePath}/:fileId`]: (world) => ({
      params: { ...draftParams(world), fileId: setsOf(world).draft.discardableFileId },
    }),
    [`POST ${basePath}/:fileId/complete`]: (world) => ({
      params: { ...draftParams(world), fileId: setsOf(world).draft.uploadedFileId },
    }),
  } satisfies Record<string, ProbeFor>;
}

/** Routes whose call needs more than the common parameters. */
const PROBES: Record<string, ProbeFor> = {
  'GET /api/docs/static/*': () => ({ params: { '*': 'swagger-ui.css' } }),
  'GET /api/storage/*': (world) => ({ url: world.a.units.draft.downloadUrl }),
  'PUT /api/storage/*': (world, caller) => {
    const { url, headers, bytes } = world.a.uploadLinks[caller];
    return { url, headers, payload: bytes };
  },

  'POST /api/auth/signup/check': (world, caller) => ({
    payload: { accountId: world.prospects[caller].key },
  }),
  'POST /api/auth/signup': (world, caller) => ({
    payload: {
      accountId: world.prospects[caller].key,
      email: world.prospects[caller].email,
      password: TEST_PASSWORD,
    },
  }),
  'POST /api/auth/signup/resend': (world, caller) => ({
    payload: { accountId: world.prospects[caller].key },
  }),
  'POST /api/auth/signup/confirm': (world, caller) => ({
    payload: { accountId: world.prospects[caller].key, code: WRONG_CODE },
  }),
  // A sign-in replaces the session it was sent with, as a sign-out ends it.
  'POST /api/auth/signin': (world) => ({
    payload: { username: world.a.accountKey, password: TEST_PASSWORD },
    ownSession: true,
  }),
  'PUT /api/auth/language': () => ({ payload: { language: 'en' } }),
  'POST /api/auth/signout': () => ({ ownSession: true }),
  'POST /api/auth/signin/two-factor': () => ({
    payload: { challengeToken: 'no-such-challenge', code: WRONG_CODE },
  }),
  'POST /api/auth/signin/two-factor/setup': () => ({
    payload: { challengeToken: 'no-such-challenge' },
  }),
  'POST /api/auth/signin/two-factor/setup/resend': () => ({
    payload: { challengeToken: 'no-such-challenge' },
  }),
  'POST /api/auth/signin/two-factor/confirm': () => ({
    payload: { challengeToken: 'no-such-challenge', code: WRONG_CODE, emailCode: WRONG_CODE },
  }),
  'POST /api/profile/two-factor/enable': () => ({ payload: { code: WRONG_CODE } }),
  'POST /api/profile/two-factor/disable': () => ({ payload: { code: WRONG_CODE } }),
  'POST /api/users/two-factor/reset': (world) => ({ payload: { username: world.a.accountKey } }),
  'POST /api/auth/password/forgot': (world) => ({ payload: { username: world.a.accountKey } }),
  'POST /api/auth/password/reset': (world) => ({
    payload: { username: world.a.accountKey, code: WRONG_CODE, newPassword: 'An0ther#secret' },
  }),

  'POST /api/import': (world) => ({
    payload: { accounts: [{ key: world.a.accountKey, name: world.a.name, email: world.a.email }] },
  }),
  'PUT /api/accounts/:accountId': (world) => ({ payload: { name: world.a.name } }),
  'PUT /api/users/:id': (world) => ({
    params: { id: world.a.userId },
    payload: { disabled: false },
  }),
  'POST /api/admin/dead-letters/:id/replay': (world) => ({
    params: { id: String(world.deadLetterId) },
  }),

  'POST /api/opportunities/:opportunityKey/loan-statement-requests': (world) => ({
    payload: world.a.newStatementPeriod,
  }),
  'PUT /api/opportunities/:opportunityKey/loan-statement-requests/:requestId/statement': (
    world,
    caller,
  ) => ({
    params: {
      requestId:
        caller === 'admin'
          ? world.a.statementRequestIds.admin
          : world.a.statementRequestIds.approver,
    },
    query: { fileName: 'statement.pdf' },
    headers: { 'content-type': 'application/pdf' },
    payload: pdfBytes('statement'),
  }),

  'GET /api/projects/:projectKey/units/:unitKey': (world) => ({
    params: { unitKey: world.a.units.draft.key },
  }),
  'GET /api/projects/:projectKey/units/:unitKey/history': (world) => ({
    params: { unitKey: world.a.units.draft.key },
  }),
  'PUT /api/projects/:projectKey/units/:unitKey': (world, caller) => {
    const { key, approvalStatus } = setTransition(world.a.units, caller);
    return { params: { unitKey: key }, payload: { approvalStatus } };
  },
  'POST /api/units/submit': (world) => ({ payload: { keys: [world.a.units.readyForBulk.key] } }),
  'POST /api/projects/:projectKey/units/:unitKey/send-back': (world) => ({
    params: { unitKey: world.a.units.draft.key },
    payload: {},
  }),
  'GET /api/projects/:projectKey/units/:unitKey/noc-letter': (world) => ({
    params: { unitKey: world.a.units.draft.key },
  }),
  'POST /api/noc-letters/:letterNumber/revoke': () => ({
    params: { letterNumber: 'NOC-0000-0000-0000-0000' },
    payload: { reason: 'Issued in error' },
  }),
  'GET /api/noc-letters/:letterNumber/verification': () => ({
    params: { letterNumber: 'NOC-0000-0000-0000-0000' },
  }),
  'GET /verify/:letterNumber': () => ({ params: { letterNumber: 'NOC-0000-0000-0000-0000' } }),
  ...fileProbes('/api/units/:parentKey/files', (world) => world.a.units),

  'POST /api/collaterals/:collateralKey/frequencies': (world) => ({
    payload: world.a.newFrequencyPeriod,
  }),
  'GET /api/collaterals/:collateralKey/frequencies/:frequencyKey': (world) => ({
    params: { frequencyKey: world.a.frequencies.draft.key },
  }),
  'GET /api/collaterals/:collateralKey/frequencies/:frequencyKey/history': (world) => ({
    params: { frequencyKey: world.a.frequencies.draft.key },
  }),
  'PUT /api/collaterals/:collateralKey/frequencies/:frequencyKey': (world, caller) => {
    const { key, approvalStatus } = setTransition(world.a.frequencies, caller);
    return { params: { frequencyKey: key }, payload: { approvalStatus } };
  },
  'POST /api/frequencies/submit': (world) => ({
    payload: { keys: [world.a.frequencies.readyForBulk.key] },
  }),
  ...fileProbes('/api/frequencies/:parentKey/files', (world) => world.a.frequencies),

  'GET /api/reports/rejections': () => ({ query: { from: '2025-03-01', to: '2025-03-31' } }),

  'GET /dev/mail/latest.json': (world, caller) => ({
    query: { to: world.prospects[caller].email },
  }),
  'GET /dev/oidc/interaction/:uid': () => ({ params: { uid: 'no-such-interaction' } }),
  'POST /dev/oidc/interaction/:uid/login': () => ({
    params: { uid: 'no-such-interaction' },
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: Buffer.from('account=admin'),
  }),
};

/** Every method of the development provider's catch-all answers its discovery path. */
const probeFor = (route: RegisteredRoute): ProbeFor =>
  PROBES[routeKey(route)] ??
  (route.url === '/dev/oidc/*'
    ? () => ({ params: { '*': '.well-known/openid-configuration' } })
    : () => ({}));

function urlOf(route: RegisteredRoute, params: Record<string, string>, probe: Probe): string {
  if (probe.url) return probe.url;
  const path = route.url.replace(/:(\w+)|\*$/g, (match, name: string | undefined) => {
    const value = params[name ?? '*'];
    if (value === undefined) {
      throw new Error(
        `No value for ${match} in ${routeKey(route)}: give it one in PROBES (authorization-matrix.test.ts)`,
      );
    }
    // A wildcard takes a whole path; a named parameter is one segment.
    return name ? encodeURIComponent(value) : value;
  });
  const query = new URLSearchParams(probe.query).toString();
  return query ? `${path}?${query}` : path;
}

/** An object of the same shape as A's that does not exist. */
const missingLike = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(value) ? '00000000-0000-4000-8000-000000000000' : 'NO-SUCH-KEY';

// Reads before writes, deletions last, and within a route A (who may change state) after the others,
// so that no call's success takes away the object a later call points at.
const METHOD_ORDER = (method: string) => (method === 'GET' ? 0 : method === 'DELETE' ? 2 : 1);
const CALL_ORDER: readonly Caller[] = [
  'anonymous',
  'integration',
  'borrowerB',
  'viewer',
  'approver',
  'admin',
  'borrowerA',
];

type Answers = Record<Caller, number>;
const SIGNED_IN = CALLERS.filter(
  (caller): caller is SignedInCaller => caller !== 'anonymous' && caller !== 'integration',
);

let testApp: TestApp;
let routes: RegisteredRoute[];
let world: SecurityWorld;
const answers = new Map<string, Answers>();
/** B's answer on each route with A's objects in its path, with those objects swapped for none. */
const answersForBOnNothing = new Map<string, number>();

async function send(route: RegisteredRoute, caller: Caller, swapOwnedForMissing = false) {
  const probe = probeFor(route)(world, caller);
  const params = { ...commonParams(world), ...probe.params };
  if (swapOwnedForMissing) {
    for (const name of Object.keys(params))
      if (OWNED_PARAMS.has(name)) params[name] = missingLike(params[name]!);
  }
  const authorization =
    probe.ownSession && caller !== 'anonymous' && caller !== 'integration'
      ? `Bearer ${await freshTokenFor(testApp.db, world, caller)}`
      : authorizationFor(world, caller);
  const res = await testApp.app.inject({
    method: route.method as InjectOptions['method'],
    url: urlOf(route, params, probe),
    headers: { ...(authorization ? { authorization } : {}), ...probe.headers },
    ...(probe.payload === undefined ? {} : { payload: probe.payload }),
  });
  return res.statusCode;
}

/** The route after whose calls a caller's session stopped working: every later answer is void. */
const sessionEndedBy = new Map<SignedInCaller, string>();

async function noteEndedSessions(key: string) {
  for (const caller of SIGNED_IN) {
    if (sessionEndedBy.has(caller)) continue;
    const res = await testApp.app.inject({
      url: '/api/auth/session',
      headers: { authorization: authorizationFor(world, caller)! },
    });
    if (res.statusCode !== 200) sessionEndedBy.set(caller, key);
  }
}

const ownedParamsOf = (route: RegisteredRoute) =>
  [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!).filter((name) => OWNED_PARAMS.has(name));

beforeAll(async () => {
  // A metrics token is set so that GET /metrics is exposed, and its refusals are what is reviewed.
  ({ testApp, routes } = await createTestAppWithRoutes({
    METRICS_TOKEN: 'matrix-metrics-token-0123456789',
  }));
  world = await seedSecurityWorld(testApp);
  const ordered = [...routes].sort((x, y) => METHOD_ORDER(x.method) - METHOD_ORDER(y.method));
  for (const route of ordered) {
    const row = {} as Answers;
    for (const caller of CALL_ORDER) row[caller] = await send(route, caller);
    answers.set(routeKey(route), row);
    if (ownedParamsOf(route).length > 0) {
      answersForBOnNothing.set(routeKey(route), await send(route, 'borrowerB', true));
    }
    await noteEndedSessions(routeKey(route));
  }
}, 180_000);
afterAll(() => testApp?.close());

const shown = (status: number) =>
  (status >= 200 && status < 300 ? `'2xx'` : String(status)).padStart(5);
/** The observed answers as a row of the matrix file, ready to review and paste. */
const observedRow = (key: string) =>
  `  '${key}': [${CALLERS.map((c) => shown(answers.get(key)![c])).join(', ')}],`;

describe('the authorisation matrix', () => {
  it('keeps every caller signed in throughout, so that each answer is about the route', () => {
    const ended = [...sessionEndedBy].map(
      ([caller, key]) =>
        `${caller}'s session ended with ${key}: give its probe \`ownSession: true\` in PROBES`,
    );
    expect(ended, ended.join('\n')).toEqual([]);
  });

  it('has a reviewed row for every route of the app, and none for a route the app no longer has', () => {
    const appKeys = new Set(routes.map(routeKey));
    const unreviewed = [...appKeys].filter((key) => !(key in AUTHORIZATION_MATRIX));
    const gone = Object.keys(AUTHORIZATION_MATRIX).filter((key) => !appKeys.has(key));
    const problems = [
      ...(unreviewed.length
        ? [
            `Routes without a reviewed row: decide who may call each and add its row to ${MATRIX_FILE}.`,
            'What they answer now (check every cell before you paste):',
            ...unreviewed.map(observedRow),
          ]
        : []),
      ...(gone.length
        ? [
            `Rows for routes the app no longer has: remove them from ${MATRIX_FILE}.`,
            ...gone.map((key) => `  '${key}'`),
          ]
        : []),
    ];
    expect(problems.join('\n'), problems.join('\n')).toBe('');
  });

  it('answers every route as the matrix says, for every caller', () => {
    const differences: string[] = [];
    for (const [key, row] of Object.entries(AUTHORIZATION_MATRIX)) {
      const observed = answers.get(key);
      if (!observed) continue;
      const wrong = CALLERS.filter((caller, i) => !cellAllows(row[i]!, observed[caller]));
      if (wrong.length === 0) continue;
      differences.push(
        `${key}: ${wrong.map((c) => `${c} expected ${row[CALLERS.indexOf(c)]}, answered ${observed[c]}`).join('; ')}`,
        `  now:${observedRow(key)}`,
      );
    }
    const message = [
      `Answers that differ from ${MATRIX_FILE}. If the change is intended, review it and update the row:`,
      ...differences,
    ].join('\n');
    expect(differences, message).toEqual([]);
  });

  it('never answers 2xx to a caller the matrix does not allow', () => {
    const escalations = [...answers].flatMap(([key, observed]) => {
      const row = AUTHORIZATION_MATRIX[key];
      if (!row) return [];
      return CALLERS.filter(
        (caller, i) =>
          observed[caller] >= 200 && observed[caller] < 300 && !cellAllowsSuccess(row[i]!),
      ).map((caller) => `${key}: ${caller} got ${observed[caller]}`);
    });
    expect(escalations, 'Callers got a success the reviewed matrix does not grant them').toEqual(
      [],
    );
  });

  it('answers 401 to anonymous and integration callers on every route that needs a session role', () => {
    const sessionRoutes = routes.filter((route) => route.roles);
    expect(sessionRoutes.length).toBeGreaterThan(30);
    const leaks = sessionRoutes.flatMap((route) => {
      const key = routeKey(route);
      return (['anonymous', 'integration'] as const)
        .map((caller) => ({
          caller,
          answered: answers.get(key)![caller],
          reviewed: AUTHORIZATION_MATRIX[key]?.[CALLERS.indexOf(caller)],
        }))
        .filter(({ answered, reviewed }) => answered !== 401 || reviewed !== 401)
        .map(
          ({ caller, answered, reviewed }) =>
            `${key}: ${caller} answered ${answered}, the matrix says ${reviewed ?? '(no row)'}`,
        );
    });
    expect(leaks, 'A route that needs a session role must answer 401 without one').toEqual([]);
  });

  it('answers borrower B on A’s objects exactly as on objects that do not exist: 404 where borrowers may act', () => {
    const leaks: string[] = [];
    for (const route of routes) {
      const key = routeKey(route);
      const onNothing = answersForBOnNothing.get(key);
      if (onNothing === undefined) continue;
      const onA = answers.get(key)!.borrowerB;
      if (onA !== onNothing) leaks.push(`${key}: ${onA} for A's objects, ${onNothing} for none`);
      if (route.roles?.includes('client') && onA !== 404) leaks.push(`${key}: ${onA}, not 404`);
    }
    expect(answersForBOnNothing.size).toBeGreaterThan(20);
    expect(leaks, 'Another borrower can tell that these objects of A exist').toEqual([]);
  });
});
