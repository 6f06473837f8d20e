import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
  type ExtraConfigColumn,
  type IndexBuilder,
} from 'drizzle-orm/pg-core';
import {
  ApprovalStatusSchema,
  LoanStatementStatusSchema,
  RejectionReasonSchema,
  RoleSchema,
  SelectedNocSchema,
} from '@portal/domain';

/** A database enum of a domain enum's values, in its order (drizzle takes a non-empty tuple). */
const domainEnum = <T extends string>(name: string, values: readonly T[]) =>
  pgEnum(name, values as [T, ...T[]]);

export const approvalStatus = domainEnum('approval_status', ApprovalStatusSchema.options);
export const role = domainEnum('role', RoleSchema.options);
export const selectedNoc = domainEnum('selected_noc', SelectedNocSchema.options);
// two_factor_setup: e-mailed when a required two-factor set-up starts at sign-in.
export const codePurpose = pgEnum('code_purpose', ['signup', 'password_reset', 'two_factor_setup']);
export const statementStatus = domainEnum('statement_status', LoanStatementStatusSchema.options);
export const outboxStatus = pgEnum('outbox_status', ['pending', 'done', 'dead']);
// Why a checker rejected a file, from the lender's fixed list (reported on by code).
export const rejectionReason = domainEnum('rejection_reason', RejectionReasonSchema.options);

/**
 * "Longest waiting on top" orders by submission time, never-submitted last. Stored as one column
 * (infinity for never), it is a plain index column: pages come off an index-only scan and a keyset
 * cursor compares it like any value.
 */
const waitingSince = () =>
  timestamp('waiting_since', { withTimezone: true }).generatedAlwaysAs(
    sql`coalesce(submitted_at, 'infinity'::timestamptz)`,
  );

/**
 * The checker lists' indexes (docs/product.md#screens, #limits): for every scope (all accounts, or one `scopes`
 * column) and for every status or all of them, one index per order — by last update (read either
 * way) and by waiting time — with the key last, so any page comes off an index scan, unsorted.
 */
function listIndexes(
  table: string,
  t: {
    approvalStatus: AnyPgColumn;
    updatedAt: AnyPgColumn;
    waitingSince: AnyPgColumn;
    key: AnyPgColumn;
  },
  scopes: { scope: string; column: AnyPgColumn }[],
): IndexBuilder[] {
  const built: IndexBuilder[] = [];
  for (const { scope, column } of [{ scope: '', column: undefined }, ...scopes]) {
    const prefix = `${table}_${scope ? `${scope}_` : ''}`;
    const on = (name: string, ...columns: (AnyPgColumn | SQL)[]) =>
      built.push(
        index(`${prefix}${name}_idx`).on(
          ...((column ? [column, ...columns] : columns) as [AnyPgColumn | SQL]),
        ),
      );
    on('updated', t.updatedAt, t.key);
    on('status_updated', t.approvalStatus, t.updatedAt, t.key);
    on('waiting', t.waitingSince, t.key);
    on('status_waiting', t.approvalStatus, t.waitingSince, t.key);
  }
  return built;
}

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

// Money is numeric so rupee amounts never pass through binary floating point.
const money = (name: string) => numeric(name, { precision: 18, scale: 2 }).notNull();

/**
 * A trigram index of the columns the files screen's search looks into, so "contains" finds its
 * rows off the index instead of reading the table (pg_trgm answers ILIKE '%…%' of 3 characters or
 * more from it).
 */
const searchIndex = (name: string, column: ExtraConfigColumn, ...more: ExtraConfigColumn[]) =>
  index(name).using(
    'gin',
    column.op('gin_trgm_ops'),
    ...more.map((other) => other.op('gin_trgm_ops')),
  );

export const accounts = pgTable(
  'accounts',
  {
    key: text('key').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    ...timestamps,
  },
  (t) => [searchIndex('accounts_search_idx', t.key, t.name)],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    role: role('role').notNull(),
    accountKey: text('account_key').references(() => accounts.key),
    name: text('name'),
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    oidcSubject: text('oidc_subject'),
    disabled: boolean('disabled').notNull().default(false),
    // Borrower two-factor sign-in: the authenticator's secret (encrypted), since when it is on,
    // and the last 30-second step a code was accepted for (each code works once).
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    // The language screens and e-mails use for this person ('en' or 'hi').
    language: text('language').notNull().default('en'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_username_key').on(t.username),
    uniqueIndex('users_account_key').on(t.accountKey),
    uniqueIndex('users_oidc_subject_key').on(t.oidcSubject),
    index('users_email_idx').on(sql`lower(${t.email})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Only a SHA-256 of the token is stored, so a database leak yields no usable session.
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // Idle timeout: a session unused for SESSION_IDLE_MINUTES ends (touched at most once a minute).
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    federated: boolean('federated').notNull().default(false),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
  ],
);

export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: codePurpose('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    // A sign-up code carries the password chosen with it: the user's password changes only when
    // this code is confirmed, so a second sign-up cannot replace the first one's password.
    passwordHash: text('password_hash'),
    // Hash of the token the browser that asked for the code holds; when that browser confirms,
    // only its own code is accepted.
    bindingHash: text('binding_hash'),
    // Reserved before each check (conditional UPDATE), so concurrent guesses cannot exceed the limit.
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('one_time_codes_user_idx').on(t.userId, t.purpose)],
);

// Ten single-use recovery codes per borrower with two-factor sign-in, stored hashed.
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
);

/**
 * A password accepted for a borrower who must still give a second factor (or enrol one): the
 * browser holds the token, only its SHA-256 is stored, and no session exists until it is answered.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // 'TOTP_REQUIRED' (answer with a code) or 'MFA_SETUP' (enrol first).
    kind: text('kind').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mfa_challenges_token_hash_key').on(t.tokenHash),
    index('mfa_challenges_user_idx').on(t.userId),
  ],
);

// Throttle counters live in the database so every API replica sees the same lock-outs.
export const throttles = pgTable('throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export const opportunities = pgTable(
  'opportunities',
  {
    key: text('key').primaryKey(),
    accountKey: text('account_key')
      .notNull()
      .references(() => accounts.key),
    name: text('name').notNull(),
    sanctionAmount: money('sanction_amount'),
    peakExposure: money('peak_exposure'),
    currentFace: money('current_face'),
    ...timestamps,
  },
  (t) => [
    index('opportunities_account_idx').on(t.accountKey, t.key),
    searchIndex('opportunities_search_idx', t.name),
  ],
);

export const projects = pgTable(
  'projects',
  {
    key: text('key').primaryKey(),
    opportunityKey: text('opportunity_key')
      .notNull()
      .references(() => opportunities.key),
    name: text('name').notNull(),
    // Printed on the project's NOC letters, where the lender's import gives it.
    address: text('address'),
    ...timestamps,
  },
  (t) => [
    index('projects_opportunity_idx').on(t.opportunityKey, t.key),
    searchIndex('projects_search_idx', t.name),
  ],
);

export const units = pgTable(
  'units',
  {
    key: text('key').primaryKey(),
    projectKey: text('project_key')
      .notNull()
      .references(() => projects.key),
    // The project's loan's account, kept here so a borrower's lists come off one index; the
    // import sets it and triggers follow a project or loan moving to another account.
    accountKey: text('account_key')
      .notNull()
      .references(() => accounts.key),
    name: text('name').notNull(),
    tower: text('tower').notNull(),
    floor: text('floor').notNull(),
    unit: text('unit').notNull(),
    areaSqft: numeric('area_sqft', { precision: 12, scale: 2 }).notNull(),
    customerName: text('customer_name').notNull(),
    maxSellingPrice: money('max_selling_price'),
    baseSellingPrice: money('base_selling_price'),
    totalSaleValue: money('total_sale_value'),
    amountToBeReceived: money('amount_to_be_received'),
    selectedNoc: selectedNoc('selected_noc').notNull(),
    approvalStatus: approvalStatus('approval_status').notNull().default('NOT_RAISED'),
    // Optimistic locking: every state change bumps it and checks the value it read.
    version: integer('version').notNull().default(1),
    // When last submitted to the checker: the queue's age.
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    waitingSince: waitingSince(),
    // Four-eyes NOC release (NOC_TWO_APPROVERS): the first approver's APPROVED, awaiting a
    // second, different approver while the unit stays PENDING_APPROVAL.
    firstApprovedBy: uuid('first_approved_by').references(() => users.id),
    firstApprovedAt: timestamp('first_approved_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('units_project_idx').on(t.projectKey, t.key),
    ...listIndexes('units', t, [
      { scope: 'project', column: t.projectKey },
      { scope: 'account', column: t.accountKey },
    ]),
    index('units_project_status_idx').on(t.projectKey, t.approvalStatus, t.key),
    searchIndex('units_search_idx', t.unit, t.tower),
  ],
);

export const collaterals = pgTable(
  'collaterals',
  {
    key: text('key').primaryKey(),
    accountKey: text('account_key')
      .notNull()
      .references(() => accounts.key),
    collateralName: text('collateral_name').notNull(),
    // The monitoring calendar, as the lender's import gives it: a pack every 1 or 3 months from
    // `monitoringSince` (the first of its month), due on `dueDay` of the month after each period.
    monitoringFrequency: smallint('monitoring_frequency'),
    dueDay: smallint('due_day').notNull().default(15),
    monitoringSince: date('monitoring_since'),
    ...timestamps,
  },
  (t) => [
    index('collaterals_account_idx').on(t.accountKey, t.key),
    searchIndex('collaterals_search_idx', t.collateralName),
  ],
);

export const frequencies = pgTable(
  'frequencies',
  {
    key: text('key')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    collateralKey: text('collateral_key')
      .notNull()
      .references(() => collaterals.key),
    // The collateral's account, kept here so a borrower's lists come off one index; a trigger
    // follows a collateral moving to another account.
    accountKey: text('account_key')
      .notNull()
      .references(() => accounts.key),
    frequency: smallint('frequency').notNull(),
    month: smallint('month').notNull(),
    year: smallint('year').notNull(),
    approvalStatus: approvalStatus('approval_status').notNull().default('NOT_RAISED'),
    version: integer('version').notNull().default(1),
    // When last submitted to the checker: the queue's age.
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    waitingSince: waitingSince(),
    createdBy: uuid('created_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('frequencies_period_key').on(t.collateralKey, t.frequency, t.month, t.year),
    ...listIndexes('frequencies', t, [{ scope: 'account', column: t.accountKey }]),
    // docs/product.md#screens frequency screen: each sort column within a collateral, creation order breaking ties.
    index('frequencies_collateral_created_idx').on(t.collateralKey, t.createdAt, t.key),
    index('frequencies_collateral_status_idx').on(
      t.collateralKey,
      t.approvalStatus,
      t.createdAt,
      t.key,
    ),
    index('frequencies_collateral_frequency_idx').on(
      t.collateralKey,
      t.frequency,
      t.createdAt,
      t.key,
    ),
    index('frequencies_collateral_month_idx').on(t.collateralKey, t.month, t.createdAt, t.key),
    index('frequencies_collateral_year_idx').on(t.collateralKey, t.year, t.createdAt, t.key),
  ],
);

/**
 * How many units, frequencies and live files (of each table) each account has in each status, so
 * a list's total is a sum of a few rows rather than a count of the table. Statement triggers on
 * those tables (lists/list-triggers.sql) append each statement's net change as rows here, in the
 * same transaction as every insert, status change, move to another account and delete, whoever
 * makes it. Appending takes no lock, so concurrent changes never queue or deadlock on a counter;
 * `compact_list_counts()` folds the rows of each (list, account, status) into one, hourly. Each
 * change is also appended under the account key `''` (ALL_ACCOUNTS), so a staff total sums a row
 * per status rather than one per account.
 */
export const listCounts = pgTable(
  'list_counts',
  {
    list: text('list').notNull(),
    accountKey: text('account_key').notNull(),
    approvalStatus: approvalStatus('approval_status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [
    // Staff totals add up every account's rows of one status; a borrower's, their own.
    index('list_counts_status_idx').on(t.list, t.approvalStatus, t.accountKey, t.n),
    index('list_counts_account_idx').on(t.list, t.accountKey, t.approvalStatus, t.n),
  ],
);

/**
 * The staff totals of the accounts and loans lists (every account, no status), kept as list_counts
 * keeps the others: statement triggers on `accounts` and `opportunities` append each insert's and
 * delete's net change as a row here, and `compact_list_counts()` folds them hourly. A count of
 * the table read it whole on every page (10,000 loans: 1.1–1.9 ms against ~0.02 ms).
 */
export const tableCounts = pgTable(
  'table_counts',
  {
    table: text('table').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [index('table_counts_idx').on(t.table, t.n)],
);

/**
 * The files screen's indexes (docs/product.md#screens `files`, newest upload first): live files only, for
 * everyone or one account, any status or one, with the key last — so a page is a merge of the
 * two file tables' index scans, unsorted.
 */
function liveFileIndexes(
  table: string,
  t: {
    accountKey: AnyPgColumn;
    approvalStatus: AnyPgColumn;
    createdAt: AnyPgColumn;
    key: AnyPgColumn;
    fileName: ExtraConfigColumn;
    fileType: AnyPgColumn;
    completedAt: AnyPgColumn;
    deletedAt: AnyPgColumn;
  },
): IndexBuilder[] {
  const live = sql`${t.completedAt} is not null and ${t.deletedAt} is null`;
  return [
    index(`${table}_live_idx`).on(t.createdAt, t.key).where(live),
    index(`${table}_live_status_idx`).on(t.approvalStatus, t.createdAt, t.key).where(live),
    index(`${table}_live_account_idx`).on(t.accountKey, t.createdAt, t.key).where(live),
    index(`${table}_live_account_status_idx`)
      .on(t.accountKey, t.approvalStatus, t.createdAt, t.key)
      .where(live),
    // The files screen's search: by name (trigram) and by the types whose names match.
    searchIndex(`${table}_live_name_idx`, t.fileName).where(live),
    index(`${table}_live_type_idx`).on(t.fileType).where(live),
  ];
}

/**
 * Units and frequencies are one document set (docs/product.md#what-it-does); their file tables share this shape.
 * A row counts towards a slot only once completed (bytes verified) and while not deleted.
 */
const documentFileColumns = {
  key: uuid('key').primaryKey().defaultRandom(),
  // The parent's account, kept here so the files screen reads a borrower's files off one index;
  // set at upload, and triggers follow the parent moving to another account.
  accountKey: text('account_key')
    .notNull()
    .references(() => accounts.key),
  fileType: text('file_type').notNull(),
  fileName: text('file_name'),
  fileHash: text('file_hash'),
  size: bigint('size', { mode: 'number' }),
  contentType: text('content_type'),
  storageKey: text('storage_key'),
  approvalStatus: approvalStatus('approval_status').notNull().default('NOT_RAISED'),
  borrowerRemarks: text('borrower_remarks'),
  approverRemarks: text('approver_remarks'),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  createdBy: uuid('created_by').references(() => users.id),
  // Who wrote the approver remarks of the current decision, and when.
  reviewedBy: uuid('reviewed_by').references(() => users.id),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  // A replacement still uploading: the live file of its slot it will take the place of.
  replacesKey: uuid('replaces_key'),
  // The decision on the replaced file ({approvalStatus, approverRemarks, reviewedBy, reviewedAt}),
  // shown until a checker reviews this file.
  previousReview: jsonb('previous_review'),
  // The reason code of a REJECTED decision (cleared with the remarks).
  rejectionReason: rejectionReason('rejection_reason'),
  // The malware scanner's verdict: its signature name for an infected file, which is then
  // quarantined (never completed, never served); null when no scanner is configured.
  scanResult: text('scan_result'),
  quarantinedAt: timestamp('quarantined_at', { withTimezone: true }),
  // Signals for the checker ([{code, detail}]): reused elsewhere, encrypted PDF, edited, old photo.
  fraudFlags: jsonb('fraud_flags'),
  ...timestamps,
};

/** Indexes both file tables need besides their lists': the same bytes seen in other accounts. */
function fileSignalIndexes(
  table: string,
  t: {
    fileHash: AnyPgColumn;
    accountKey: AnyPgColumn;
    quarantinedAt: AnyPgColumn;
    key: AnyPgColumn;
  },
): IndexBuilder[] {
  return [
    index(`${table}_hash_idx`)
      .on(t.fileHash, t.accountKey)
      .where(sql`${t.fileHash} is not null`),
    // The quarantine list's order, ending with the key: both tables' pages merge without a sort.
    index(`${table}_quarantined_idx`)
      .on(t.quarantinedAt, t.key)
      .where(sql`${t.quarantinedAt} is not null`),
  ];
}

export const unitFiles = pgTable(
  'unit_files',
  {
    // Both file tables call their parent `parentKey`, so one repository serves both (docs/product.md#what-it-does).
    parentKey: text('unit_key')
      .notNull()
      .references(() => units.key),
    ...documentFileColumns,
  },
  (t) => [
    uniqueIndex('unit_files_live_slot_key')
      .on(t.parentKey, t.fileType)
      .where(sql`${t.deletedAt} is null and ${t.completedAt} is not null`),
    index('unit_files_unit_idx').on(t.parentKey, t.fileType),
    // Pending uploads (started, not completed): counted per borrower at each start, swept hourly.
    index('unit_files_pending_creator_idx')
      .on(t.createdBy, t.createdAt)
      .where(sql`${t.completedAt} is null and ${t.deletedAt} is null`),
    index('unit_files_pending_created_idx')
      .on(t.createdAt)
      .where(sql`${t.completedAt} is null and ${t.deletedAt} is null`),

    ...liveFileIndexes('unit_files', t),
    ...fileSignalIndexes('unit_files', t),
  ],
);

export const frequencyFiles = pgTable(
  'frequency_files',
  {
    parentKey: text('frequency_key')
      .notNull()
      .references(() => frequencies.key),
    ...documentFileColumns,
  },
  (t) => [
    uniqueIndex('frequency_files_live_slot_key')
      .on(t.parentKey, t.fileType)
      .where(sql`${t.deletedAt} is null and ${t.completedAt} is not null`),
    index('frequency_files_frequency_idx').on(t.parentKey, t.fileType),
    // Pending uploads (started, not completed): counted per borrower at each start, swept hourly.
    index('frequency_files_pending_creator_idx')
      .on(t.createdBy, t.createdAt)
      .where(sql`${t.completedAt} is null and ${t.deletedAt} is null`),
    index('frequency_files_pending_created_idx')
      .on(t.createdAt)
      .where(sql`${t.completedAt} is null and ${t.deletedAt} is null`),

    ...liveFileIndexes('frequency_files', t),
    ...fileSignalIndexes('frequency_files', t),
  ],
);

export const loanStatementRequests = pgTable(
  'loan_statement_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    opportunityKey: text('opportunity_key')
      .notNull()
      .references(() => opportunities.key),
    requestedBy: uuid('requested_by').references(() => users.id),
    fromDate: date('from_date').notNull(),
    toDate: date('to_date').notNull(),
    borrowerRemarks: text('borrower_remarks'),
    approverRemarks: text('approver_remarks'),
    status: statementStatus('status').notNull().default('REQUESTED'),
    fileName: text('file_name'),
    contentType: text('content_type'),
    size: bigint('size', { mode: 'number' }),
    storageKey: text('storage_key'),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('loan_statement_requests_opportunity_idx').on(t.opportunityKey, t.createdAt)],
);

export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id'),
    actorUsername: text('actor_username').notNull(),
    actorRole: text('actor_role').notNull(),
    entityType: text('entity_type').notNull(),
    entityKey: text('entity_key').notNull(),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_events_entity_idx').on(t.entityType, t.entityKey, t.id)],
);

/**
 * Every file review and every final decision on a document set, appended as it is made, for the
 * rejection report (counts by reason code and file type; time from submission to decision).
 */
export const reviewDecisions = pgTable(
  'review_decisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    // 'unit' or 'frequency': the kind of document set.
    kind: text('kind').notNull(),
    // 'file' (one document reviewed) or 'set' (the set finalised).
    subject: text('subject').notNull(),
    parentKey: text('parent_key').notNull(),
    fileKey: uuid('file_key'),
    fileType: text('file_type'),
    accountKey: text('account_key').notNull(),
    outcome: approvalStatus('outcome').notNull(),
    rejectionReason: rejectionReason('rejection_reason'),
    // When the set was last submitted: the decision's waiting time starts there.
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id),
    // The decision's waiting time in seconds, as the report's median takes it.
    waitSeconds: doublePrecision('wait_seconds').generatedAlwaysAs(
      sql`extract(epoch from at - submitted_at)::float8`,
    ),
    // Which of the waiting-time ranges kept counted in decision_wait_counts it falls in: 16 a
    // doubling, so a range is 4.4% wide (range 0 holds waits under a second, and any negative).
    waitBucket: smallint('wait_bucket').generatedAlwaysAs(
      sql`floor(ln(1 + greatest(extract(epoch from at - submitted_at)::float8, 0)) * 16 / ln(2::float8))::smallint`,
    ),
  },
  (t) => [
    index('review_decisions_subject_at_idx').on(t.subject, t.at),
    // The median's last step: the decisions of one waiting-time range in waiting order, their
    // time read off the index to keep those of the report's days.
    index('review_decisions_waits_idx')
      .on(t.kind, t.waitBucket, t.waitSeconds, t.at)
      .where(sql`${t.subject} = 'set' and ${t.submittedAt} is not null`),
  ],
);

/**
 * The rejection report's kept counts (issue 27: a year's report read 4.5M decisions). Each counts
 * the decisions of one day, or of one month (\`month\`, \`day\` its first), of the business time
 * zone that \`report_settings\` names. A statement trigger on review_decisions appends each
 * statement's rows (both grains), as list_counts is kept, and \`compact_list_counts()\` folds them
 * hourly; a report reads whole months and the days at either end.
 */
export const rejectionCounts = pgTable(
  'rejection_counts',
  {
    month: boolean('month').notNull(),
    day: date('day').notNull(),
    kind: text('kind').notNull(),
    fileType: text('file_type').notNull(),
    reason: rejectionReason('reason').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('rejection_counts_idx').on(t.month, t.day, t.kind, t.fileType, t.reason, t.n)],
);

/** Final decisions on sets counted by day or month, kind and waiting-time range (wait_bucket). */
export const decisionWaitCounts = pgTable(
  'decision_wait_counts',
  {
    month: boolean('month').notNull(),
    day: date('day').notNull(),
    kind: text('kind').notNull(),
    bucket: smallint('bucket').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('decision_wait_counts_idx').on(t.month, t.day, t.kind, t.bucket, t.n)],
);

/**
 * The business time zone (BUSINESS_TIMEZONE) the report's counts are kept in, one row. A server
 * started with another zone counts them afresh in its own (`rebuild_review_counts`).
 */
export const reportSettings = pgTable('report_settings', {
  timeZone: text('time_zone').notNull(),
});

/**
 * NOC letters (one per approved unit): generated once, the stored bytes and their SHA-256 are
 * the record. The letter number is the public verification handle (≥ 80 random bits).
 */
export const nocLetters = pgTable(
  'noc_letters',
  {
    letterNumber: text('letter_number').primaryKey(),
    unitKey: text('unit_key')
      .notNull()
      .references(() => units.key),
    accountKey: text('account_key')
      .notNull()
      .references(() => accounts.key),
    // What the letter prints, as it was printed.
    details: jsonb('details').notNull(),
    storageKey: text('storage_key'),
    sha256: text('sha256'),
    size: bigint('size', { mode: 'number' }),
    // Set when the PDF is stored (it is generated after the approval commits).
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    approvedBy: uuid('approved_by').references(() => users.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id),
    revokeReason: text('revoke_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('noc_letters_unit_key').on(t.unitKey)],
);

/**
 * The monitoring calendar's periods as rows, so the staff calendar filters, sorts and pages them
 * off an index instead of deriving every collateral's periods per request: each monitored
 * collateral's periods from its first up to the horizon (`monitoring_period_horizon`), with the
 * status of the frequency row added for it. Kept by the triggers of lists/list-triggers.sql as
 * collaterals and frequencies change, by whoever changes them; `monitoringCalendar` (domain)
 * is the rule they follow. A page reads the periods named up to the current month: those due
 * before the first of the month after next.
 */
export const monitoringPeriods = pgTable(
  'monitoring_periods',
  {
    collateralKey: text('collateral_key')
      .notNull()
      .references(() => collaterals.key, { onDelete: 'cascade' }),
    accountKey: text('account_key').notNull(),
    frequency: smallint('frequency').notNull(),
    // The period's name: its last month.
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    dueDate: date('due_date').notNull(),
    // The frequency row of the period and its status, or null while none was added.
    frequencyKey: text('frequency_key'),
    approvalStatus: approvalStatus('approval_status'),
    // Whether its pack was submitted: only a period not submitted can be due or overdue.
    submitted: boolean('submitted')
      .notNull()
      .generatedAlwaysAs(sql`coalesce(approval_status <> 'NOT_RAISED', false)`),
  },
  (t) => [
    primaryKey({ columns: [t.collateralKey, t.frequency, t.year, t.month] }),
    // The calendar in three ranges, each read in its order (due date, collateral, frequency):
    // overdue, the periods not submitted due before today; then those submitted due before
    // today; then every period due from today on. Everyone's, and by account.
    index('monitoring_periods_due_idx').on(t.submitted, t.dueDate, t.collateralKey, t.frequency),
    index('monitoring_periods_account_due_idx').on(
      t.accountKey,
      t.submitted,
      t.dueDate,
      t.collateralKey,
      t.frequency,
    ),
    index('monitoring_periods_any_status_idx').on(t.dueDate, t.collateralKey, t.frequency),
    index('monitoring_periods_account_any_status_idx').on(
      t.accountKey,
      t.dueDate,
      t.collateralKey,
      t.frequency,
    ),
  ],
);

/**
 * How many periods each account has due on each date, submitted or not (account `''`: all of
 * them), so the calendar's totals add up a few hundred rows instead of counting the periods.
 * Appended to by a statement trigger on `monitoring_periods` like `list_counts`, and folded by
 * `compact_list_counts()`.
 */
export const monitoringPeriodCounts = pgTable(
  'monitoring_period_counts',
  {
    accountKey: text('account_key').notNull(),
    submitted: boolean('submitted').notNull(),
    dueDate: date('due_date').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [index('monitoring_period_counts_idx').on(t.accountKey, t.submitted, t.dueDate, t.n)],
);

/**
 * One row: the last month `monitoring_periods` holds periods for (its first day). Kept a year
 * ahead by `extend_monitoring_periods`, which the reminders' run and the calendar call when the
 * current month comes near it.
 */
export const monitoringPeriodHorizon = pgTable('monitoring_period_horizon', {
  through: date('through').notNull(),
});

/**
 * Monitoring reminders sent (or queued in the outbox) per period, kind and step: the primary
 * key makes each one exactly once whatever number of replicas or restarts run the scheduler.
 */
export const monitoringReminders = pgTable(
  'monitoring_reminders',
  {
    collateralKey: text('collateral_key')
      .notNull()
      .references(() => collaterals.key),
    frequency: smallint('frequency').notNull(),
    month: smallint('month').notNull(),
    year: smallint('year').notNull(),
    // 'due_soon' (5 days before) or 'overdue' (the day after, then weekly).
    kind: text('kind').notNull(),
    // 0 for due_soon; 1–4 for the overdue reminders.
    step: smallint('step').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({
      columns: [t.collateralKey, t.frequency, t.month, t.year, t.kind, t.step],
    }),
  ],
);

// Transactional outbox: jobs are written in the same transaction as the change they announce.
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    // Jobs of one entity are delivered in id order (webhooks promise order per entity).
    orderingKey: text('ordering_key'),
    payload: jsonb('payload').notNull(),
    // The payload with its secrets (one-time codes) removed; it replaces `payload` once the job is
    // delivered or dead, so no code stays readable in the database.
    payloadRedacted: jsonb('payload_redacted'),
    status: outboxStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_ordering_idx').on(t.orderingKey, t.id),
    index('outbox_processed_idx').on(t.status, t.processedAt),
  ],
);
