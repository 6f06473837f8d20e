import { z } from 'zod';
import { ListMetaSchema } from '../lists.ts';
import { RejectionReasonSchema } from '../rejection-reasons.ts';
import { CalendarEntrySchema } from './monitoring.ts';
import { SignedInSchema, SignInChallengeSchema } from '../two-factor.ts';
import {
  AccountSchema,
  AuditEventSchema,
  CheckerFrequencySchema,
  CheckerUnitSchema,
  CollateralSchema,
  DocumentParentSchema,
  FileEntrySchema,
  FrequencySchema,
  LoanStatementRequestSchema,
  OpportunitySchema,
  ProjectSchema,
  SessionUserSchema,
  UnitDetailSchema,
  UnitSchema,
  UserSchema,
} from './entities.ts';

// Answers of docs/product.md#api, with docs/product.md#api's top-level keys. The API declares them
// as response schemas and the web parses with them.

export const AccountResponseSchema = z.object({ account: AccountSchema });
export const AccountListResponseSchema = z.object({
  accounts: z.array(AccountSchema),
  meta: ListMetaSchema,
});

export const OpportunityResponseSchema = z.object({ opportunity: OpportunitySchema });
export const OpportunityListResponseSchema = z.object({
  opportunities: z.array(OpportunitySchema),
  meta: ListMetaSchema,
});

export const ProjectResponseSchema = z.object({ project: ProjectSchema });
export const ProjectListResponseSchema = z.object({
  projects: z.array(ProjectSchema),
  meta: ListMetaSchema,
});

export const UnitResponseSchema = z.object({ unit: UnitDetailSchema });
export const UnitListResponseSchema = z.object({
  units: z.array(UnitSchema),
  meta: ListMetaSchema,
});
export const CheckerUnitListResponseSchema = z.object({
  units: z.array(CheckerUnitSchema),
  meta: ListMetaSchema,
});

/** docs/product.md#api: single-file answers (create, get, PUT, complete) are one entry. */
export const FileResponseSchema = FileEntrySchema;
export const FileListResponseSchema = z.object({
  files: z.array(FileEntrySchema),
  meta: ListMetaSchema,
});

export const CollateralResponseSchema = z.object({ collateral: CollateralSchema });
export const CollateralListResponseSchema = z.object({
  collaterals: z.array(CollateralSchema),
  meta: ListMetaSchema,
});

export const FrequencyResponseSchema = z.object({ frequency: FrequencySchema });
export const FrequencyListResponseSchema = z.object({
  frequencies: z.array(FrequencySchema),
  meta: ListMetaSchema,
});
export const CheckerFrequencyListResponseSchema = z.object({
  monitoringFrequencies: z.array(CheckerFrequencySchema),
  meta: ListMetaSchema,
});

/** docs/product.md#api: bulk submit answers the submitted records. */
export const UnitBulkSubmitResponseSchema = z.object({ units: z.array(UnitSchema) });
export const FrequencyBulkSubmitResponseSchema = z.object({
  frequencies: z.array(FrequencySchema),
});

/** The files screen: each document with what it belongs to. */
export const DocumentSearchResponseSchema = z.object({
  files: z.array(FileEntrySchema.extend({ parent: DocumentParentSchema })),
  meta: ListMetaSchema,
});

/** A rejected document of a set on the home to-do: its slot and the reviewer's reason and remarks. */
export const TodoRejectedDocumentSchema = z.object({
  fileType: z.string(),
  rejectionReason: RejectionReasonSchema.nullable(),
  approverRemarks: z.string().nullable(),
});
export type TodoRejectedDocument = z.infer<typeof TodoRejectedDocumentSchema>;

const withRejectedDocuments = { rejectedDocuments: z.array(TodoRejectedDocumentSchema) };

/** A unit with documents still to upload: how many of its slots hold a file, of how many. */
export const TodoUnitToUploadSchema = CheckerUnitSchema.extend({
  filledSlots: z.number().int().nonnegative(),
  requiredSlots: z.number().int().positive(),
});

/** An approved unit whose NOC letter is issued: the borrower downloads it from the unit's panel. */
export const TodoNocLetterSchema = z.object({
  letterNumber: z.string(),
  unitKey: z.string(),
  projectKey: z.string(),
  projectName: z.string(),
  tower: z.string(),
  unit: z.string(),
  issuedAt: z.string(),
});

const count = z.number().int().nonnegative();

/**
 * A borrower's home: what needs them now. Lists are the first few of each (monitoring packs most
 * overdue first, the rest newest first); counts are all of them.
 */
export const TodoResponseSchema = z.object({
  /** Calendar packs not submitted (DUE or OVERDUE), most overdue first. */
  monitoringPacks: z.array(CalendarEntrySchema),
  rejectedUnits: z.array(CheckerUnitSchema.extend(withRejectedDocuments)),
  unitsToUpload: z.array(TodoUnitToUploadSchema),
  readyUnits: z.array(CheckerUnitSchema),
  rejectedFrequencies: z.array(CheckerFrequencySchema.extend(withRejectedDocuments)),
  readyFrequencies: z.array(CheckerFrequencySchema),
  nocLetters: z.array(TodoNocLetterSchema),
  openLoanStatementRequests: z.array(
    LoanStatementRequestSchema.extend({ opportunityName: z.string() }),
  ),
  counts: z.object({
    monitoringPacks: count,
    /** Of monitoringPacks, those past their due date. */
    overduePacks: count,
    rejectedUnits: count,
    unitsToUpload: count,
    readyUnits: count,
    rejectedFrequencies: count,
    readyFrequencies: count,
    nocLetters: count,
    openLoanStatementRequests: count,
  }),
});

/** The sign-in page's "Continue With <name>", or null when staff sign-on is off. */
export const AuthProvidersResponseSchema = z.object({
  staff: z.object({ name: z.string() }).nullable(),
});

export const LoanStatementRequestResponseSchema = z.object({
  loanStatementRequest: LoanStatementRequestSchema,
});
export const LoanStatementRequestListResponseSchema = z.object({
  loanStatementRequests: z.array(LoanStatementRequestSchema),
});

/** docs/product.md#api: oldest first. */
export const HistoryResponseSchema = z.object({ events: z.array(AuditEventSchema) });

export const SignupCheckResponseSchema = z.object({ accountId: z.string(), name: z.string() });
/** Sign-up and its confirmation answer the account id they concern. */
export const AccountIdResponseSchema = z.object({ accountId: z.string() });
/** Resend and forgot-password answer the same whatever was asked (docs/product.md#roles). */
export const AcceptedResponseSchema = z.object({ accepted: z.literal(true) });
export const PasswordResetResponseSchema = z.object({ username: z.string() });
/** A session, or (for a borrower with two-factor sign-in) the challenge to answer first. */
export const SigninResponseSchema = z.union([SignedInSchema, SignInChallengeSchema]);
export const SessionResponseSchema = z.object({ user: SessionUserSchema });

export const UserResponseSchema = z.object({ user: UserSchema });
export const UserListResponseSchema = z.object({
  users: z.array(UserSchema),
  meta: ListMetaSchema,
});

/** `GET /api/healthz` and `GET /api/readyz` (docs/product.md#api): `ok`, `ready`, or why not (503). */
export const HealthStatusResponseSchema = z.object({ status: z.string() });

export const ImportResponseSchema = z.object({
  imported: z.object({
    accounts: z.number().int().nonnegative(),
    opportunities: z.number().int().nonnegative(),
    projects: z.number().int().nonnegative(),
    units: z.number().int().nonnegative(),
    collaterals: z.number().int().nonnegative(),
  }),
});

export type AccountResponse = z.infer<typeof AccountResponseSchema>;
export type AccountListResponse = z.infer<typeof AccountListResponseSchema>;
export type OpportunityResponse = z.infer<typeof OpportunityResponseSchema>;
export type OpportunityListResponse = z.infer<typeof OpportunityListResponseSchema>;
export type ProjectResponse = z.infer<typeof ProjectResponseSchema>;
export type ProjectListResponse = z.infer<typeof ProjectListResponseSchema>;
export type UnitResponse = z.infer<typeof UnitResponseSchema>;
export type UnitListResponse = z.infer<typeof UnitListResponseSchema>;
export type CheckerUnitListResponse = z.infer<typeof CheckerUnitListResponseSchema>;
export type FileResponse = z.infer<typeof FileResponseSchema>;
export type FileListResponse = z.infer<typeof FileListResponseSchema>;
export type CollateralResponse = z.infer<typeof CollateralResponseSchema>;
export type CollateralListResponse = z.infer<typeof CollateralListResponseSchema>;
export type FrequencyResponse = z.infer<typeof FrequencyResponseSchema>;
export type FrequencyListResponse = z.infer<typeof FrequencyListResponseSchema>;
export type CheckerFrequencyListResponse = z.infer<typeof CheckerFrequencyListResponseSchema>;
export type UnitBulkSubmitResponse = z.infer<typeof UnitBulkSubmitResponseSchema>;
export type FrequencyBulkSubmitResponse = z.infer<typeof FrequencyBulkSubmitResponseSchema>;
export type LoanStatementRequestResponse = z.infer<typeof LoanStatementRequestResponseSchema>;
export type LoanStatementRequestListResponse = z.infer<
  typeof LoanStatementRequestListResponseSchema
>;
export type HistoryResponse = z.infer<typeof HistoryResponseSchema>;
export type DocumentSearchResponse = z.infer<typeof DocumentSearchResponseSchema>;
export type TodoResponse = z.infer<typeof TodoResponseSchema>;
export type AuthProvidersResponse = z.infer<typeof AuthProvidersResponseSchema>;
export type SignupCheckResponse = z.infer<typeof SignupCheckResponseSchema>;
export type SigninResponse = z.infer<typeof SigninResponseSchema>;
export type SessionResponse = z.infer<typeof SessionResponseSchema>;
export type UserResponse = z.infer<typeof UserResponseSchema>;
export type UserListResponse = z.infer<typeof UserListResponseSchema>;
export type ImportResponse = z.infer<typeof ImportResponseSchema>;
