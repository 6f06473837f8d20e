import { z } from 'zod';
import { ApprovalStatusSchema } from '../approval-status.ts';
import { FileTypeSchema, SelectedNocSchema } from '../file-types.ts';
import { FrequencyCodeSchema } from '../frequency.ts';
import { toDecimalString } from '../money.ts';
import { RejectionReasonSchema } from '../rejection-reasons.ts';
import { LanguageSchema } from '../language.ts';
import { RoleSchema } from './entities.ts';
import { checkMonitoringFields, ImportMonitoringFields } from './monitoring.ts';

// Request bodies of DESIGN §4. One schema serves the web form and the API
// route (STYLE §2), so every refusal carries the message the form shows.
// Objects strip unknown fields, which also tolerates SPEC §7's extra fields.

// ---------------------------------------------------------------- identity

/** SPEC §2 hint, used as the refusal for any password outside DESIGN §3's policy. */
export const PASSWORD_HINT = 'Use 8 or more characters with a mix of letters, numbers & symbols';

/** DESIGN §3: ≥ 8 characters with a letter, a digit and a symbol (any character that is neither). */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= 8 &&
    /\p{L}/u.test(password) &&
    /\p{Nd}/u.test(password) &&
    /[^\p{L}\p{Nd}]/u.test(password)
  );
}

export const PasswordSchema = z
  .string({ error: PASSWORD_HINT })
  // Bounds the work of hashing a hostile input.
  .max(256, 'Password must be at most 256 characters')
  .refine(isStrongPassword, PASSWORD_HINT);

/** SPEC §5 / §8: the sign-up e-mail message. */
export const EMAIL_MESSAGE = 'Please Enter Valid Email Address';
export const EmailSchema = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .pipe(z.email({ error: EMAIL_MESSAGE }).max(254, EMAIL_MESSAGE));

/** DESIGN §3: a one-time code works for 10 minutes. */
export const CODE_LIFETIME_MINUTES = 10;

/** SPEC §5 / §9: one-time codes are exactly six digits. */
export const OtpCodeSchema = z
  .string({ error: 'Confirmation code cannot be empty' })
  .regex(/^\d{6}$/, {
    error: (issue) =>
      issue.input === '' ? 'Confirmation code cannot be empty' : 'Enter the six digit code',
  });

/** DESIGN §3: a borrower's username is their account id, upper-cased. */
export const AccountIdSchema = z
  .string({ error: 'Account id is required' })
  .trim()
  .min(1, 'Account id is required')
  .max(200, 'Account id is too long')
  .transform((id) => id.toUpperCase());

/**
 * DESIGN §3: usernames are account ids (upper-cased); forgot-password also
 * takes an e-mail (lower-cased, compared case-insensitively). Normalising here
 * keeps sign-in throttling per user whatever the typed case.
 */
export function normaliseUsername(username: string): string {
  const trimmed = username.trim();
  return trimmed.includes('@') ? trimmed.toLowerCase() : trimmed.toUpperCase();
}

/** SPEC §5 identity-layer messages. */
const UsernameSchema = z
  .string({ error: 'Username cannot be empty' })
  .trim()
  .min(1, 'Username cannot be empty')
  .max(254, 'Username is too long')
  .transform(normaliseUsername);

export const SignupCheckBodySchema = z.object({ accountId: AccountIdSchema });
export type SignupCheckBody = z.infer<typeof SignupCheckBodySchema>;

export const SignupBodySchema = z.object({
  accountId: AccountIdSchema,
  email: EmailSchema,
  password: PasswordSchema,
});
export type SignupBody = z.infer<typeof SignupBodySchema>;

/** PUT /api/auth/language: the signed-in user's language for screens and e-mails. */
export const LanguageBodySchema = z.strictObject({ language: LanguageSchema });
export type LanguageBody = z.infer<typeof LanguageBodySchema>;

export const SignupConfirmBodySchema = z.object({
  accountId: AccountIdSchema,
  code: OtpCodeSchema,
});
export type SignupConfirmBody = z.infer<typeof SignupConfirmBodySchema>;

export const SignupResendBodySchema = z.object({ accountId: AccountIdSchema });
export type SignupResendBody = z.infer<typeof SignupResendBodySchema>;

export const SigninBodySchema = z.object({
  username: UsernameSchema,
  password: z
    .string({ error: 'Password cannot be empty' })
    .min(1, 'Password cannot be empty')
    .max(256, 'Password must be at most 256 characters'),
});
export type SigninBody = z.infer<typeof SigninBodySchema>;

/** DESIGN §4: the username may be the account id or the e-mail. */
export const PasswordForgotBodySchema = z.object({ username: UsernameSchema });
export type PasswordForgotBody = z.infer<typeof PasswordForgotBodySchema>;

export const PasswordResetBodySchema = z.object({
  username: UsernameSchema,
  code: OtpCodeSchema,
  newPassword: PasswordSchema,
});
export type PasswordResetBody = z.infer<typeof PasswordResetBodySchema>;

// ---------------------------------------------------------------- documents

/** Remarks are trimmed; empty or null means "none". */
const OptionalRemarksSchema = z
  .string()
  .trim()
  .max(2000, 'Remarks must be at most 2000 characters')
  .nullish()
  .transform((remarks) => remarks || undefined);

export const Sha256HexSchema = z
  .string()
  .regex(/^[0-9a-f]{64}$/i, 'fileHash must be a SHA-256 hex digest (64 characters)')
  .transform((hash) => hash.toLowerCase());

const CONTENT_FIELDS = ['fileName', 'fileHash', 'size'] as const;

/**
 * DESIGN §4 upload step one. Either a file (fileName, fileHash and size
 * together) or a remarks-only entry: no content fields and non-empty remarks
 * (SPEC §5: upload needs remarks or a file). Size and type limits are checked
 * by the API (413/415, not 400).
 */
export const FileCreateBodySchema = z
  .object({
    fileType: FileTypeSchema,
    fileName: z
      .string()
      .trim()
      .min(1, 'File name is required')
      .max(255, 'File name must be at most 255 characters')
      .optional(),
    fileHash: Sha256HexSchema.optional(),
    size: z.number().int('Size must be a whole number of bytes').nonnegative().optional(),
    contentType: z.string().trim().min(1).max(255).optional(),
    borrowerRemarks: OptionalRemarksSchema,
    /**
     * Replace, don't delete: the key of the slot's live file this upload takes the place of. The
     * old file stays until this one completes; then both change in one transaction.
     */
    replaces: z.string().uuid('replaces must be a file key').optional(),
    // SPEC §4: a new file is created as NOT_RAISED; SPEC §7 clients send it.
    approvalStatus: z
      .literal('NOT_RAISED', { error: 'A new file starts as NOT_RAISED' })
      .optional(),
  })
  .superRefine((body, ctx) => {
    const missing = CONTENT_FIELDS.filter((field) => body[field] === undefined);
    if (missing.length === 0) return;
    if (missing.length < CONTENT_FIELDS.length) {
      for (const field of missing) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `${field} is required with ${CONTENT_FIELDS.filter((f) => f !== field).join(' and ')}`,
        });
      }
    } else if (body.borrowerRemarks === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['borrowerRemarks'],
        message: 'Choose a file or write remarks',
      });
    }
  });
export type FileCreateBody = z.infer<typeof FileCreateBodySchema>;

/**
 * SPEC §7 PUT of a file: a requested status and remarks. The fileName,
 * fileHash and fileType SPEC's clients also send are accepted and ignored.
 */
export const FileUpdateBodySchema = z
  .object({
    approvalStatus: ApprovalStatusSchema.optional(),
    approverRemarks: OptionalRemarksSchema,
    /** Only with REJECTED; a rejection without one is recorded as OTHER (DESIGN §4). */
    rejectionReason: RejectionReasonSchema.optional(),
    borrowerRemarks: OptionalRemarksSchema,
  })
  .refine((body) => body.rejectionReason === undefined || body.approvalStatus === 'REJECTED', {
    path: ['rejectionReason'],
    message: 'A rejection reason goes only with approvalStatus REJECTED',
  });
export type FileUpdateBody = z.infer<typeof FileUpdateBodySchema>;

// ---------------------------------------------------------------- frequencies and units

const requiredNumber = (requiredMessage: string) =>
  z.number({
    error: (issue) => (issue.input === undefined ? requiredMessage : 'Must be a number'),
  });

/** SPEC §5: 'Date is required' when the month picker is empty. */
export const MonthSchema = requiredNumber('Date is required')
  .int('Month must be a whole number')
  .min(1, 'Month must be 1 to 12')
  .max(12, 'Month must be 1 to 12');
export const YearSchema = requiredNumber('Date is required')
  .int('Year must be a whole number')
  .min(1900, 'Year must be 1900 or later')
  .max(9999, 'Year must have four digits');

/** DESIGN §4: a frequency starts NOT_RAISED; any other status → 400. Future months are the API's check (needs today). */
export const FrequencyCreateBodySchema = z.object({
  frequency: FrequencyCodeSchema,
  month: MonthSchema,
  year: YearSchema,
  approvalStatus: z
    .literal('NOT_RAISED', { error: 'A new frequency starts as NOT_RAISED' })
    .optional(),
});
export type FrequencyCreateBody = z.infer<typeof FrequencyCreateBodySchema>;

const VersionSchema = z.number().int().nonnegative();

/**
 * DESIGN §4: a PUT carries the requested status (a transition request) and
 * optionally the version read, for the stale-write check. SPEC §7's other
 * fields (frequency, month, year) are accepted and ignored.
 */
export const FrequencyUpdateBodySchema = z.object({
  approvalStatus: ApprovalStatusSchema.optional(),
  version: VersionSchema.optional(),
});
export type FrequencyUpdateBody = z.infer<typeof FrequencyUpdateBodySchema>;

/** As FrequencyUpdateBodySchema; SPEC §7's key, name, tower … are lender data and ignored. */
export const UnitUpdateBodySchema = z.object({
  approvalStatus: ApprovalStatusSchema.optional(),
  version: VersionSchema.optional(),
});
export type UnitUpdateBody = z.infer<typeof UnitUpdateBodySchema>;

/** Four-eyes NOC release: a second approver sends a unit's first approval back. */
export const UnitSendBackBodySchema = z.object({ version: VersionSchema.optional() });
export type UnitSendBackBody = z.infer<typeof UnitSendBackBodySchema>;

/** DESIGN §4: bulk submit is all or nothing; a key listed twice counts once. */
export const BulkSubmitBodySchema = z.object({
  keys: z
    .array(z.string().trim().min(1, 'Keys must not be empty'))
    .min(1, 'Choose at least one to submit')
    .max(100, 'Submit at most 100 at a time')
    .transform((keys) => [...new Set(keys)]),
});
export type BulkSubmitBody = z.infer<typeof BulkSubmitBodySchema>;

// ---------------------------------------------------------------- loan statements

export const requiredIsoDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .pipe(z.iso.date({ error: 'Use a YYYY-MM-DD date' }));

/** SPEC §5 messages. The 365-day window needs today: see loanStatementDatesProblem. */
export const LoanStatementCreateBodySchema = z
  .object({
    fromDate: requiredIsoDate('Start date is required'),
    toDate: requiredIsoDate('End date is required'),
    borrowerRemarks: OptionalRemarksSchema,
  })
  .refine((body) => body.fromDate <= body.toDate, {
    path: ['toDate'],
    message: 'End date must be on or after the start date',
    // Compare only two valid dates; a bad date already has its own message.
    when: (payload) => payload.issues.length === 0,
  });
export type LoanStatementCreateBody = z.infer<typeof LoanStatementCreateBodySchema>;

// ---------------------------------------------------------------- administration

export const UserUpdateBodySchema = z.object({
  role: RoleSchema.optional(),
  disabled: z.boolean().optional(),
});
export type UserUpdateBody = z.infer<typeof UserUpdateBodySchema>;

export const AccountUpdateBodySchema = z.object({
  name: z.string().trim().min(1, 'Name is required').optional(),
  email: EmailSchema.optional(),
});
export type AccountUpdateBody = z.infer<typeof AccountUpdateBodySchema>;

// ---------------------------------------------------------------- import (DESIGN §4 "Import records")

const KEY_MESSAGE = 'Must be a non-empty key';
const KeySchema = z
  .union([z.string(), z.number()], { error: KEY_MESSAGE })
  .transform((key) => String(key).trim())
  .pipe(z.string().min(1, KEY_MESSAGE).max(200, 'Keys must be at most 200 characters'));

/** DESIGN §3: account ids are upper-cased, like the usernames made from them. */
const AccountKeySchema = KeySchema.transform((key) => key.toUpperCase());

const NameSchema = z.string({ error: 'Name is required' }).trim().min(1, 'Name is required');

/** Tower, floor and unit may come as numbers; they are kept as text. */
const TextSchema = z
  .union([z.string(), z.number()], { error: 'Must be text' })
  .transform((value) => String(value).trim());

const DECIMAL_MESSAGE = 'Must be a number or a decimal string';

/** A JSON number or decimal string, normalised to a decimal string for numeric(…). */
export const DecimalSchema = z
  .union([z.number(), z.string()], { error: DECIMAL_MESSAGE })
  .transform((value, ctx) => {
    const decimal = toDecimalString(value);
    if (decimal === null) {
      ctx.issues.push({ code: 'custom', message: DECIMAL_MESSAGE, input: value });
      return z.NEVER;
    }
    return decimal;
  });

/** DESIGN §4: money arrives as a JSON number or a decimal string and is kept exact. */
export const MoneySchema = DecimalSchema.describe('Rupees as a JSON number or decimal string');

/** Lender systems differ in case ('final', 'FINAL'); the stored value is 'Final' or 'Provisional'. */
const ImportSelectedNocSchema = z
  .string({ error: 'selectedNoc must be Final or Provisional' })
  .trim()
  .transform((value) => value.charAt(0).toUpperCase() + value.slice(1).toLowerCase())
  .pipe(SelectedNocSchema);

export const ImportAccountSchema = z.object({
  key: AccountKeySchema,
  name: NameSchema,
  email: EmailSchema,
});
export type ImportAccount = z.infer<typeof ImportAccountSchema>;

export const ImportOpportunitySchema = z.object({
  key: KeySchema,
  accountId: AccountKeySchema,
  name: NameSchema,
  sanctionAmount: MoneySchema,
  peakExposure: MoneySchema,
  currentFace: MoneySchema,
});
export type ImportOpportunity = z.infer<typeof ImportOpportunitySchema>;

export const ImportProjectSchema = z.object({
  key: KeySchema,
  opportunityKey: KeySchema,
  name: NameSchema,
});
export type ImportProject = z.infer<typeof ImportProjectSchema>;

export const ImportUnitSchema = z.object({
  key: KeySchema,
  projectKey: KeySchema,
  name: NameSchema,
  tower: TextSchema,
  floor: TextSchema,
  unit: TextSchema,
  areaSqft: DecimalSchema,
  customerName: TextSchema,
  maxSellingPrice: MoneySchema,
  baseSellingPrice: MoneySchema,
  totalSaleValue: MoneySchema,
  amountToBeReceived: MoneySchema,
  selectedNoc: ImportSelectedNocSchema,
});
export type ImportUnit = z.infer<typeof ImportUnitSchema>;

export const ImportCollateralSchema = z
  .object({
    key: KeySchema,
    accountId: AccountKeySchema,
    collateralName: NameSchema,
    ...ImportMonitoringFields,
  })
  .superRefine(checkMonitoringFields);
export type ImportCollateral = z.infer<typeof ImportCollateralSchema>;

/** DESIGN §4: each list optional; workflow state is never imported. */
export const ImportBodySchema = z.object({
  accounts: z.array(ImportAccountSchema).optional(),
  opportunities: z.array(ImportOpportunitySchema).optional(),
  projects: z.array(ImportProjectSchema).optional(),
  units: z.array(ImportUnitSchema).optional(),
  collaterals: z.array(ImportCollateralSchema).optional(),
});
export type ImportBody = z.infer<typeof ImportBodySchema>;
/** What a lender system may send (numbers where strings are stored). */
export type ImportBodyInput = z.input<typeof ImportBodySchema>;
