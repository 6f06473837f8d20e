// The API's paths the web app calls (docs/product.md#api, docs/product.md#api), written as the API registers its routes:
// `:name` is a path parameter, which `apiPath` fills in. The sign-in and identity screens' paths
// are in identity-paths.ts: the first page of every visit carries those alone.

// ---------------------------------------------------------------- administration
export const USERS_PATH = '/api/users';
export const USER_PATH = '/api/users/:id';
export const TWO_FACTOR_RESET_PATH = '/api/users/two-factor/reset';
export const DEAD_LETTERS_PATH = '/api/admin/dead-letters';
export const DEAD_LETTER_REPLAY_PATH = '/api/admin/dead-letters/:id/replay';
export const QUARANTINE_PATH = '/api/admin/quarantine';
export const NOC_LETTER_SIGNING_PATH = '/api/admin/noc-letter-signing';

// ---------------------------------------------------------------- loans, projects and units
export const OPPORTUNITIES_PATH = '/api/opportunities';
export const OPPORTUNITY_PATH = '/api/opportunities/:opportunityKey';
export const PROJECTS_PATH = '/api/opportunities/:opportunityKey/projects';
export const PROJECT_PATH = '/api/opportunities/:opportunityKey/projects/:projectKey';
export const TODO_PATH = '/api/todo';
export const LOAN_STATEMENT_REQUESTS_PATH =
  '/api/opportunities/:opportunityKey/loan-statement-requests';
export const LOAN_STATEMENT_PATH = `${LOAN_STATEMENT_REQUESTS_PATH}/:requestId/statement`;
export const UNITS_PATH = '/api/projects/:projectKey/units';
export const UNIT_PATH = '/api/projects/:projectKey/units/:unitKey';
export const UNIT_HISTORY_PATH = `${UNIT_PATH}/history`;
export const UNIT_SEND_BACK_PATH = `${UNIT_PATH}/send-back`;
export const UNIT_NOC_LETTER_PATH = `${UNIT_PATH}/noc-letter`;
export const UNIT_CHECKER_LIST_PATH = '/api/projects/all/units/all/status/:status';
export const UNITS_SUBMIT_PATH = '/api/units/submit';
export const NOC_LETTER_REVOKE_PATH = '/api/noc-letters/:letterNumber/revoke';

// ---------------------------------------------------------------- accounts, collaterals and frequencies
export const ACCOUNT_PATH = '/api/accounts/:accountId';
export const COLLATERALS_PATH = '/api/accounts/:accountId/collaterals';
export const COLLATERAL_PATH = '/api/accounts/:accountId/collaterals/:collateralKey';
export const COLLATERAL_CALENDAR_PATH = `${COLLATERAL_PATH}/calendar`;
export const ACCOUNT_CALENDAR_PATH = '/api/accounts/:accountId/calendar';
export const MONITORING_CALENDAR_PATH = '/api/monitoring/calendar';
export const FREQUENCIES_PATH = '/api/collaterals/:collateralKey/frequencies';
export const FREQUENCY_PATH = '/api/collaterals/:collateralKey/frequencies/:frequencyKey';
export const FREQUENCY_HISTORY_PATH = `${FREQUENCY_PATH}/history`;
export const FREQUENCY_CHECKER_LIST_PATH = '/api/collaterals/all/frequencies/all/status/:status';
export const FREQUENCIES_SUBMIT_PATH = '/api/frequencies/submit';

// ---------------------------------------------------------------- documents and reports
/** A unit's or a frequency's files (docs/product.md#what-it-does: one document set, seen twice). */
export const UNIT_FILES_PATH = '/api/units/:parentKey/files';
export const FREQUENCY_FILES_PATH = '/api/frequencies/:parentKey/files';
/** One file of a set, and its upload's completion, under the set's files path. */
export const FILE_IN_SET_PATH = '/:fileId';
export const FILE_COMPLETE_IN_SET_PATH = '/:fileId/complete';
export const DOCUMENT_SEARCH_PATH = '/api/files';
export const REJECTION_REPORT_PATH = '/api/reports/rejections';

/** The names of a path's `:name` parameters. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A path with its parameters filled in, each percent-encoded (a key may hold a slash). */
export function apiPath<P extends string>(path: P, params: Record<PathParams<P>, string>): string {
  return path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent((params as Record<string, string>)[name]!),
  );
}
