/**
 * The reviewed authorisation matrix: what every route of the app answers to every kind of caller.
 * `authorization-matrix.test.ts` builds the app, walks its real route table and calls each route as
 * each caller (with real parameters pointing at borrower A's objects), and fails on any difference,
 * on a route without a row, and on a row for a route that is gone. A change of who may do what
 * therefore always shows up as a diff of this file, for review.
 */

/**
 * Who calls: nobody; the lender's integration (its API key as the bearer); borrower A, who owns
 * every object the calls point at; borrower B, another account's borrower; and each staff role.
 */
export const CALLERS = [
  'anonymous',
  'integration',
  'borrowerA',
  'borrowerB',
  'approver',
  'viewer',
  'admin',
] as const;
export type Caller = (typeof CALLERS)[number];

type StatusClass = '2xx' | '3xx' | '4xx';
type Answer = number | StatusClass;
/** An exact status, a class, or the answers state may choose between, as `'2xx|409'`. */
export type Cell = Answer | `${Answer}|${Answer}` | `${Answer}|${Answer}|${Answer}`;
/** One cell per caller, in CALLERS order. */
export type Row = readonly [Cell, Cell, Cell, Cell, Cell, Cell, Cell];

/** True when `status` is one of the answers the cell allows. */
export function cellAllows(cell: Cell, status: number): boolean {
  return String(cell)
    .split('|')
    .some((answer) =>
      /^\dxx$/.test(answer)
        ? Math.floor(status / 100) === Number(answer[0])
        : Number(answer) === status,
    );
}

export const cellAllowsSuccess = (cell: Cell) =>
  String(cell)
    .split('|')
    .some((answer) => answer === '2xx' || /^2\d\d$/.test(answer));

/**
 * Every route ("METHOD /path", as registered; HEAD answers as GET) with one cell per caller, in
 * CALLERS order: anonymous, integration key, borrower A (the owner), borrower B (another account),
 * approver, viewer, admin. Each call points at A's objects and, where the caller may act, at an
 * object in the state that lets it succeed; so '2xx' means "allowed", 403 "the role may never",
 * 404 "not yours" (never 403, docs/product.md#api), 401 "no session", and anything else names the one refusal
 * the row's comment explains.
 */
// prettier-ignore
export const AUTHORIZATION_MATRIX: Record<string, Row> = {
  //                                                                                       anon  integ  own A  oth B  apprv  viewr  admin
  // API documentation: public, generated from the route schemas (the UI's index redirects).
  'GET /api/docs':                                                                       ['2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  'GET /api/docs/static/index.html':                                                     [  302,   302,   302,   302,   302,   302,   302],
  'GET /api/docs/static/swagger-initializer.js':                                         ['2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  'GET /api/docs/json':                                                                  ['2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  'GET /api/docs/yaml':                                                                  ['2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  'GET /api/docs/static/*':                                                              ['2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],

  // Process health: public, for load balancers and monitors.
  'GET /api/healthz':                                                                    ['2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  'GET /api/readyz':                                                                     ['2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  // Prometheus metrics: only the scraper's METRICS_TOKEN opens them, never a session or the
  // integration key (the matrix's app sets one; without METRICS_TOKEN every caller gets 404).
  'GET /metrics':                                                                        [  401,   401,   401,   401,   401,   401,   401],

  // Identity (docs/product.md#api): public steps (and how staff sign in), so every caller gets the same
  // answer; only the session needs one. Confirm and reset are sent a wrong code (no caller can know the mailed one): 400.
  'POST /api/auth/signup/check':                                                         ['2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  'POST /api/auth/signup':                                                               ['2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  'POST /api/auth/signup/confirm':                                                       [  400,   400,   400,   400,   400,   400,   400],
  'POST /api/auth/signup/resend':                                                        ['2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  'POST /api/auth/signin':                                                               ['2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  'GET /api/auth/providers':                                                             ['2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  'GET /api/auth/session':                                                               [  401,   401, '2xx', '2xx', '2xx', '2xx', '2xx'],
  'PUT /api/auth/language':                                                              [  401,   401, '2xx', '2xx', '2xx', '2xx', '2xx'],
  'POST /api/auth/signout':                                                              ['2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  'POST /api/auth/password/forgot':                                                      ['2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  'POST /api/auth/password/reset':                                                       [  400,   400,   400,   400,   400,   400,   400],
  'GET /api/auth/oidc/start':                                                            [  302,   302,   302,   302,   302,   302,   302],
  'GET /api/auth/oidc/callback':                                                         [  302,   302,   302,   302,   302,   302,   302],
  // A two-factor sign-in step is opened by its challenge token alone (sent an unknown one: 401).
  'POST /api/auth/signin/two-factor':                                                    [  401,   401,   401,   401,   401,   401,   401],
  'POST /api/auth/signin/two-factor/setup':                                              [  401,   401,   401,   401,   401,   401,   401],
  'POST /api/auth/signin/two-factor/setup/resend':                                       [  401,   401,   401,   401,   401,   401,   401],
  'POST /api/auth/signin/two-factor/confirm':                                            [  401,   401,   401,   401,   401,   401,   401],
  // A borrower's own two-factor sign-in (staff use their identity provider's). Sent a wrong code:
  // enabling says 400; disabling says 409, as it is not on.
  'GET /api/profile/two-factor':                                                         [  401,   401, '2xx', '2xx',   403,   403,   403],
  'POST /api/profile/two-factor/setup':                                                  [  401,   401, '2xx', '2xx',   403,   403,   403],
  'POST /api/profile/two-factor/enable':                                                 [  401,   401,   400,   400,   403,   403,   403],
  'POST /api/profile/two-factor/disable':                                                [  401,   401,   409,   409,   403,   403,   403],

  // Lender data: the integration's API key, and nothing else, opens the import.
  'POST /api/import':                                                                    [  401, '2xx',   401,   401,   401,   401,   401],

  // Administration: staff read accounts; only admins change accounts and users or replay
  // deliveries. A's account still has loans, so even an admin's delete is refused (409).
  'GET /api/accounts':                                                                   [  401,   401,   403,   403, '2xx', '2xx', '2xx'],
  'GET /api/accounts/:accountId':                                                        [  401,   401, '2xx',   404, '2xx', '2xx', '2xx'],
  'PUT /api/accounts/:accountId':                                                        [  401,   401,   403,   403,   403,   403, '2xx'],
  'DELETE /api/accounts/:accountId':                                                     [  401,   401,   403,   403,   403,   403,   409],
  'GET /api/users':                                                                      [  401,   401,   403,   403,   403,   403, '2xx'],
  'PUT /api/users/:id':                                                                  [  401,   401,   403,   403,   403,   403, '2xx'],
  // A has no two-factor sign-in to reset: 409.
  'POST /api/users/two-factor/reset':                                                    [  401,   401,   403,   403,   403,   403,   409],
  'GET /api/admin/dead-letters':                                                         [  401,   401,   403,   403,   403,   403, '2xx'],
  'POST /api/admin/dead-letters/:id/replay':                                             [  401,   401,   403,   403,   403,   403, '2xx'],

  // Loans and loan statements: a borrower reads and asks for their own; staff read all; approvers
  // and admins attach statements.
  'GET /api/opportunities':                                                              [  401,   401, '2xx', '2xx', '2xx', '2xx', '2xx'],
  'GET /api/opportunities/:opportunityKey':                                              [  401,   401, '2xx',   404, '2xx', '2xx', '2xx'],
  'GET /api/opportunities/:opportunityKey/projects':                                     [  401,   401, '2xx',   404, '2xx', '2xx', '2xx'],
  'GET /api/opportunities/:opportunityKey/projects/:projectKey':                         [  401,   401, '2xx',   404, '2xx', '2xx', '2xx'],
  'POST /api/opportunities/:opportunityKey/loan-statement-requests':                     [  401,   401, '2xx',   404,   403,   403,   403],
  'GET /api/opportunities/:opportunityKey/loan-statement-requests':                      [  401,   401, '2xx',   404, '2xx', '2xx', '2xx'],
  'PUT /api/opportunities/:opportunityKey/loan-statement-requests/:requestId/statement': [  401,   401,   403,   403, '2xx',   403, '2xx'],

  // Signed storage links (local driver): the signature is the only authority, as with S3, so a
  // valid unused link works for whoever holds it and a session adds nothing.
  'PUT /api/storage/*':                                                                  ['2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  'GET /api/storage/*':                                                                  ['2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],

  // Units: borrowers upload, discard and submit their own; approvers and admins review and finalise;
  // viewers only read.
  'GET /api/projects/all/units/all/status/:status':                                      [  401,   401, '2xx', '2xx', '2xx', '2xx', '2xx'],
  'GET /api/projects/:projectKey/units':                                                 [  401,   401, '2xx',   404, '2xx', '2xx', '2xx'],
  'GET /api/projects/:projectKey/units/:unitKey':                                        [  401,   401, '2xx',   404, '2xx', '2xx', '2xx'],
  'PUT /api/projects/:projectKey/units/:unitKey':                                        [  401,   401, '2xx',   404, '2xx',   403, '2xx'],
  'GET /api/projects/:projectKey/units/:unitKey/history':                                [  401,   401, '2xx',   404, '2xx', '2xx', '2xx'],
  // Four-eyes send-back: approvers and admins; off in the matrix's app (one approver), so 409.
  'POST /api/projects/:projectKey/units/:unitKey/send-back':                             [  401,   401,   403,   403,   409,   403,   409],
  'POST /api/units/submit':                                                              [  401,   401, '2xx',   404,   403,   403,   403],
  'GET /api/units/:parentKey/files':                                                     [  401,   401, '2xx',   404, '2xx', '2xx', '2xx'],
  'POST /api/units/:parentKey/files':                                                    [  401,   401, '2xx',   404,   403,   403,   403],
  'POST /api/units/:parentKey/files/:fileId/complete':                                   [  401,   401, '2xx',   404,   403,   403,   403],
  'GET /api/units/:parentKey/files/:fileId':                                             [  401,   401, '2xx',   404, '2xx', '2xx', '2xx'],
  'PUT /api/units/:parentKey/files/:fileId':                                             [  401,   401, '2xx',   404, '2xx',   403, '2xx'],
  'DELETE /api/units/:parentKey/files/:fileId':                                          [  401,   401, '2xx',   404,   403,   403,   403],

  // NOC letters: the unit's borrower and staff read an approved unit's letter once it is stored (the
  // units here have none, so 404; noc-letters.routes.test.ts reads one); approvers and admins revoke
  // (no such letter here: 404); anyone verifies a number, without a session.
  'GET /api/projects/:projectKey/units/:unitKey/noc-letter':                             [  401,   401,   404,   404,   404,   404,   404],
  'POST /api/noc-letters/:letterNumber/revoke':                                          [  401,   401,   403,   403,   404,   403,   404],
  'GET /api/noc-letters/:letterNumber/verification':                                     ['2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  'GET /verify/:letterNumber':                                                           ['2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  // The verification page's script ("check a letter you received"), public as the page is.
  'GET /verify/check.js':                                                                ['2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  // Which certificate signs new letters, if any: admins only.
  'GET /api/admin/noc-letter-signing':                                                   [  401,   401,   403,   403,   403,   403, '2xx'],

  // Collaterals and monitoring frequencies: as units.
  'GET /api/accounts/:accountId/collaterals':                                            [  401,   401, '2xx',   404, '2xx', '2xx', '2xx'],
  'GET /api/accounts/:accountId/collaterals/:collateralKey':                             [  401,   401, '2xx',   404, '2xx', '2xx', '2xx'],
  // The monitoring calendar: a borrower's own and any for staff; every account's for staff only.
  'GET /api/accounts/:accountId/collaterals/:collateralKey/calendar':                    [  401,   401, '2xx',   404, '2xx', '2xx', '2xx'],
  'GET /api/accounts/:accountId/calendar':                                               [  401,   401, '2xx',   404, '2xx', '2xx', '2xx'],
  'GET /api/monitoring/calendar':                                                        [  401,   401,   403,   403, '2xx', '2xx', '2xx'],
  // Uploads the virus scanner blocked: admins only.
  'GET /api/admin/quarantine':                                                           [  401,   401,   403,   403,   403,   403, '2xx'],
  'GET /api/collaterals/all/frequencies/all/status/:status':                             [  401,   401, '2xx', '2xx', '2xx', '2xx', '2xx'],
  'POST /api/collaterals/:collateralKey/frequencies':                                    [  401,   401, '2xx',   404,   403,   403,   403],
  'GET /api/collaterals/:collateralKey/frequencies':                                     [  401,   401, '2xx',   404, '2xx', '2xx', '2xx'],
  'GET /api/collaterals/:collateralKey/frequencies/:frequencyKey':                       [  401,   401, '2xx',   404, '2xx', '2xx', '2xx'],
  'PUT /api/collaterals/:collateralKey/frequencies/:frequencyKey':                       [  401,   401, '2xx',   404, '2xx',   403, '2xx'],
  'GET /api/collaterals/:collateralKey/frequencies/:frequencyKey/history':               [  401,   401, '2xx',   404, '2xx', '2xx', '2xx'],
  'POST /api/frequencies/submit':                                                        [  401,   401, '2xx',   404,   403,   403,   403],
  'GET /api/frequencies/:parentKey/files':                                               [  401,   401, '2xx',   404, '2xx', '2xx', '2xx'],
  'POST /api/frequencies/:parentKey/files':                                              [  401,   401, '2xx',   404,   403,   403,   403],
  'POST /api/frequencies/:parentKey/files/:fileId/complete':                             [  401,   401, '2xx',   404,   403,   403,   403],
  'GET /api/frequencies/:parentKey/files/:fileId':                                       [  401,   401, '2xx',   404, '2xx', '2xx', '2xx'],
  'PUT /api/frequencies/:parentKey/files/:fileId':                                       [  401,   401, '2xx',   404, '2xx',   403, '2xx'],
  'DELETE /api/frequencies/:parentKey/files/:fileId':                                    [  401,   401, '2xx',   404,   403,   403,   403],

  // The files screen: everyone signed in, each borrower their own account's files (B gets their
  // own, never A's), staff everyone's. The to-do is a borrower's home: borrowers only.
  'GET /api/files':                                                                      [  401,   401, '2xx', '2xx', '2xx', '2xx', '2xx'],
  'GET /api/todo':                                                                       [  401,   401, '2xx', '2xx',   403,   403,   403],
  // The rejection report: the lender's checkers and administrators.
  'GET /api/reports/rejections':                                                         [  401,   401,   403,   403, '2xx',   403, '2xx'],

  // Development conveniences, present only on a loopback-only server (docs/product.md#api): the dev outbox
  // and the bundled OpenID provider answer every local caller alike (these calls are local; through
  // a proxy or for a public host they answer 404, deployment-safety.test.ts). The probes name an
  // interaction that does not exist (400) and the provider's discovery path, which only GET
  // serves; no mail is in the outbox during tests (404).
  'GET /dev/oidc/interaction/:uid':                                                      [  400,   400,   400,   400,   400,   400,   400],
  'POST /dev/oidc/interaction/:uid/login':                                               [  400,   400,   400,   400,   400,   400,   400],
  'GET /dev/oidc/*':                                                                     ['2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  'TRACE /dev/oidc/*':                                                                   [  404,   404,   404,   404,   404,   404,   404],
  'DELETE /dev/oidc/*':                                                                  [  404,   404,   404,   404,   404,   404,   404],
  'OPTIONS /dev/oidc/*':                                                                 [  404,   404,   404,   404,   404,   404,   404],
  'PATCH /dev/oidc/*':                                                                   [  404,   404,   404,   404,   404,   404,   404],
  'PUT /dev/oidc/*':                                                                     [  404,   404,   404,   404,   404,   404,   404],
  'POST /dev/oidc/*':                                                                    [  404,   404,   404,   404,   404,   404,   404],
  'QUERY /dev/oidc/*':                                                                   [  400,   400,   400,   400,   400,   400,   400],
  'GET /dev/mail':                                                                       ['2xx', '2xx', '2xx', '2xx', '2xx', '2xx', '2xx'],
  'GET /dev/mail/latest.json':                                                           [  404,   404,   404,   404,   404,   404,   404],
};
