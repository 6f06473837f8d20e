import { z } from 'zod';
import { ApprovalStatusSchema, ReviewOutcomeSchema } from '../approval-status.ts';
import { SelectedNocSchema } from '../file-types.ts';
import { FrequencyCodeSchema } from '../frequency.ts';
import { FraudFlagSchema } from '../fraud-flags.ts';
import { RejectionReasonSchema } from '../rejection-reasons.ts';
import { LanguageSchema } from '../language.ts';

// The entities of docs/product.md#records as the API answers them (docs/product.md#api). Money is a
// decimal string (the database's numeric), timestamps are ISO 8601 strings.

const MoneyStringSchema = z.string().describe('Rupees as a decimal string, e.g. "12345678.50"');
const DecimalStringSchema = z.string().describe('Decimal string, e.g. "1250.5"');
const TimestampSchema = z.string().describe('ISO 8601 timestamp');
const IsoDateStringSchema = z.string().describe('YYYY-MM-DD');

/** docs/product.md#roles: the four roles. */
export const RoleSchema = z.enum(['client', 'approver', 'viewer', 'admin']);
export type Role = z.infer<typeof RoleSchema>;

/** docs/product.md#roles: approvers and admins review; viewers only read. */
export const isReviewerRole = (role: Role) => role === 'approver' || role === 'admin';
/** Every lender role: staff read every account's data. */
export const isStaffRole = (role: Role) => role !== 'client';

/** Who did something, as the screens name them. */
export const ActorRefSchema = z.object({ username: z.string(), role: RoleSchema });
export type ActorRef = z.infer<typeof ActorRefSchema>;

/** docs/product.md#records: NOC type on the checker list, from the NOC files present. */
export const NocTypeSchema = SelectedNocSchema;
export type NocType = z.infer<typeof NocTypeSchema>;

export const AccountSchema = z.object({
  key: z.string(),
  accountId: z.string(),
  name: z.string(),
  email: z.string(),
});
export type Account = z.infer<typeof AccountSchema>;

export const OpportunitySchema = z.object({
  key: z.string(),
  id: z.string(),
  accountId: z.string(),
  accountName: z.string(),
  name: z.string(),
  sanctionAmount: MoneyStringSchema,
  peakExposure: MoneyStringSchema,
  currentFace: MoneyStringSchema,
});
export type Opportunity = z.infer<typeof OpportunitySchema>;

export const ProjectSchema = z.object({
  key: z.string(),
  name: z.string(),
  opportunityKey: z.string(),
});
export type Project = z.infer<typeof ProjectSchema>;

/** Who gave a unit its first approval (their name, and username to tell who they are), and when. */
export const FirstApprovalSchema = z.object({
  by: z.object({ username: z.string(), name: z.string() }),
  at: TimestampSchema,
});
export type FirstApproval = z.infer<typeof FirstApprovalSchema>;

export const UnitSchema = z.object({
  key: z.string(),
  name: z.string(),
  tower: z.string(),
  floor: z.string(),
  unit: z.string(),
  areaSqft: DecimalStringSchema,
  customerName: z.string(),
  maxSellingPrice: MoneyStringSchema,
  baseSellingPrice: MoneyStringSchema,
  totalSaleValue: MoneyStringSchema,
  amountToBeReceived: MoneyStringSchema,
  approvalStatus: ApprovalStatusSchema,
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
  /** When the unit was last submitted to the checker (its age in the queue), or null. */
  submittedAt: TimestampSchema.nullable(),
  /** docs/product.md#api "Readiness in lists": the domain rule, so screens never count files. */
  canSubmit: z.boolean(),
  projectKey: z.string(),
  selectedNoc: SelectedNocSchema,
  /** docs/product.md#server-rules: optimistic concurrency; send it back to detect a stale write. */
  version: z.number().int(),
  meta: z.object({ opportunityKey: z.string(), projectKey: z.string() }),
  /** The first of two approvals, while the unit awaits its second; otherwise null. */
  firstApproval: FirstApprovalSchema.nullable(),
});
export type Unit = z.infer<typeof UnitSchema>;

/** One unit as its own answers give it: with the approvals that release it. */
export const UnitDetailSchema = UnitSchema.extend({
  /** 2 under four-eyes NOC release (NOC_TWO_APPROVERS), else 1. */
  approvalsRequired: z.number().int().min(1).max(2),
});
export type UnitDetail = z.infer<typeof UnitDetailSchema>;

/** docs/product.md#api: checker-list units carry what their columns show. */
export const CheckerUnitSchema = UnitSchema.extend({
  accountId: z.string(),
  accountName: z.string(),
  opportunityKey: z.string(),
  opportunityName: z.string(),
  projectName: z.string(),
  nocType: NocTypeSchema.nullable(),
  uploadedFiles: z.number().int().nonnegative(),
  /**
   * How many fraud flags its live files carry, for the checker's queue; null in a borrower's
   * answers, who are never told of the flags (DocumentFileSchema.fraudFlags).
   */
  fraudFlagCount: z.number().int().nonnegative().nullable(),
});
export type CheckerUnit = z.infer<typeof CheckerUnitSchema>;

/** A checker's last decision on the file a replacement took the place of. */
export const PreviousReviewSchema = z.object({
  approvalStatus: ReviewOutcomeSchema,
  approverRemarks: z.string().nullable(),
  rejectionReason: RejectionReasonSchema.nullable(),
  reviewedBy: ActorRefSchema.nullable(),
  reviewedAt: TimestampSchema.nullable(),
});
export type PreviousReview = z.infer<typeof PreviousReviewSchema>;

/** docs/product.md#records unit and collateral files share one shape. fileName is null for a remarks-only entry. */
export const DocumentFileSchema = z.object({
  key: z.string(),
  fileName: z.string().nullable(),
  fileHash: z.string().nullable(),
  fileType: z.string(),
  size: z.number().int().nonnegative().nullable(),
  contentType: z.string().nullable(),
  approvalStatus: ApprovalStatusSchema,
  borrowerRemarks: z.string().nullable(),
  approverRemarks: z.string().nullable(),
  /** The reason code of a REJECTED decision (with the remarks); null otherwise. */
  rejectionReason: RejectionReasonSchema.nullable(),
  /** Who uploaded the file (and wrote the borrower remarks), at createdAt. */
  uploadedBy: z.string().nullable(),
  /** Who wrote the approver remarks with the current decision, and when; null until reviewed. */
  reviewedBy: ActorRefSchema.nullable(),
  reviewedAt: TimestampSchema.nullable(),
  /** A replacement still uploading names the live file it will take the place of. */
  replacesKey: z.string().nullable(),
  /**
   * The decision on the file this one replaced, kept visible until a checker reviews this one
   * (the rejection reason a borrower is answering); null otherwise.
   */
  previousReview: PreviousReviewSchema.nullable(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
  deletedAt: TimestampSchema.nullable(),
  /**
   * Signals for the checker found at upload ([] when none); staff answers only, so a borrower
   * is never told which check a document tripped (docs/decisions.md). Last, so answers are
   * written by the compiled serialiser (an optional field may not come before a required one).
   */
  fraudFlags: z.array(FraudFlagSchema).optional(),
});
export type DocumentFile = z.infer<typeof DocumentFileSchema>;

/** docs/product.md#api: list entries and single-file answers are `{file, meta: {presignedUrl}}`. */
export const FileEntrySchema = z.object({
  file: DocumentFileSchema,
  meta: z.object({
    /** PUT target right after creation (upload), otherwise a download link; null without content. */
    presignedUrl: z.string().nullable(),
    /** Headers the browser must send with the upload PUT (e.g. the bound checksum). */
    uploadHeaders: z.record(z.string(), z.string()).optional(),
  }),
});
export type FileEntry = z.infer<typeof FileEntrySchema>;

export const CollateralSchema = z.object({
  key: z.string(),
  accountId: z.string(),
  collateralName: z.string(),
});
export type Collateral = z.infer<typeof CollateralSchema>;

export const FrequencySchema = z.object({
  key: z.string(),
  collateralKey: z.string(),
  frequency: FrequencyCodeSchema,
  month: z.number().int().min(1).max(12),
  year: z.number().int(),
  approvalStatus: ApprovalStatusSchema,
  /** docs/product.md#records: the count of live, completed files. */
  uploadedFiles: z.number().int().nonnegative(),
  /** docs/product.md#records: more than 8 files. */
  hasRequiredFiles: z.boolean(),
  /** docs/product.md#api "Readiness in lists": the domain rule (docs/product.md#statuses), not a count. */
  canSubmit: z.boolean(),
  /** When the frequency was last submitted to the checker (its age in the queue), or null. */
  submittedAt: TimestampSchema.nullable(),
  version: z.number().int(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
  /** docs/product.md#records: the collateral key and the account id. */
  meta: z.object({ collateral: z.string(), account: z.string() }),
  /** When its pack is due: the collateral's due day of the month after the period. */
  dueDate: IsoDateStringSchema,
  /**
   * Days its last submission came after the due date (business time zone), 0 when on time;
   * null while never submitted.
   */
  daysLate: z.number().int().nonnegative().nullable(),
});
export type Frequency = z.infer<typeof FrequencySchema>;

export const CheckerFrequencySchema = FrequencySchema.extend({
  collateralName: z.string(),
  accountName: z.string(),
  /** As CheckerUnitSchema's: its live files' fraud flags; null in a borrower's answers. */
  fraudFlagCount: z.number().int().nonnegative().nullable(),
});
export type CheckerFrequency = z.infer<typeof CheckerFrequencySchema>;

export const LoanStatementStatusSchema = z.enum(['REQUESTED', 'FULFILLED']);
export type LoanStatementStatus = z.infer<typeof LoanStatementStatusSchema>;

export const LoanStatementRequestSchema = z.object({
  id: z.string(),
  opportunityKey: z.string(),
  fromDate: IsoDateStringSchema,
  toDate: IsoDateStringSchema,
  borrowerRemarks: z.string().nullable(),
  approverRemarks: z.string().nullable(),
  status: LoanStatementStatusSchema,
  createdAt: TimestampSchema,
  fulfilledAt: TimestampSchema.nullable(),
  fileName: z.string().nullable(),
  downloadUrl: z.string().nullable(),
});
export type LoanStatementRequest = z.infer<typeof LoanStatementRequestSchema>;

/** docs/product.md#api "Users": accountKey is set for borrowers only. */
export const UserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: RoleSchema,
  disabled: z.boolean(),
  accountKey: z.string().nullable(),
  name: z.string().nullable(),
});
export type User = z.infer<typeof UserSchema>;

export const SessionUserSchema = z.object({
  username: z.string(),
  email: z.string(),
  role: RoleSchema,
  accountKey: z.string().nullable(),
  name: z.string().nullable(),
  /** The language the user's screens and e-mails are in (the API always sends it). */
  language: LanguageSchema.optional(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/**
 * docs/product.md#api "History": who, role, when, what, before → after. The actor's name as the portal
 * knows it; a borrower reads the lender's people by name and role, their username left empty.
 */
export const AuditEventSchema = z.object({
  id: z.string(),
  at: TimestampSchema,
  actor: z.object({
    username: z.string(),
    role: z.string(),
    // Optional rather than defaulted, so the answer's serialiser stays compiled.
    name: z.string().nullish(),
  }),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

/** What a document belongs to, in words the files screen shows, with the keys that open it. */
export const DocumentParentSchema = z.object({
  kind: z.enum(['unit', 'frequency']),
  key: z.string(),
  /** e.g. "Green Acres · Tower A · Unit A-101" or "Receivables of Tower A · March 2026". */
  label: z.string(),
  accountId: z.string(),
  accountName: z.string(),
  /** Set for a unit: its project (the panel's link is /unitstatus?project=…&unit=…). */
  projectKey: z.string().nullable(),
  /** Set for a frequency: its collateral. */
  collateralKey: z.string().nullable(),
  approvalStatus: ApprovalStatusSchema,
});
export type DocumentParent = z.infer<typeof DocumentParentSchema>;
