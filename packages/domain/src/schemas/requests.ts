import { z } from 'zod';
import { ApprovalStatusSchema } from '../approval-status.ts';
import { FileTypeSchema, SelectedNocSchema } from '../file-types.ts';
import { FrequencyCodeSchema } from '../frequency.ts';
import { toDecimalString } from '../money.ts';
import { RejectionReasonSchema } from '../rejection-reasons.ts';
import { LanguageSchema } from '../language.ts';
import { invalid } from '../translate.ts';
import { RoleSchema } from './entities.ts';
import { checkMonitoringFields, ImportMonitoringFields } from './monitoring.ts';

// Request bodies of docs/product.md#api. One schema serves the web form and the API
// route, so every refusal carries the message the form shows.
// Objects strip unknown fields, which also tolerates docs/product.md#api's extra fields.

// ---------------------------------------------------------------- identity

/** docs/product.md#screens hint, used as the refusal for any password outside docs/product.md#roles's policy. */
export const PASSWORD_HINT = invalid('domain.error.VALIDATION_FAILED.passwordHint');

/** docs/product.md#roles: ≥ 8 characters with a letter, a digit and a symbol (any character that is neither). */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= 8 &&
    /\p{L}/u.test(password) &&
    /\p{Nd}/u.test(password) &&
    /[^\p{L}\p{Nd}]/u.test(password)
  );
}

const PASSWORD_TOO_LONG = invalid('domain.error.VALIDATION_FAILED.passwordTooLong', { max: 256 });

export const PasswordSchema = z
  .string({ error: PASSWORD_HINT })
  // Bounds the work of hashing a hostile input.
  .max(256, PASSWORD_TOO_LONG)
  .refine(isStrongPassword, PASSWORD_HINT);

/** docs/product.md#validation, #errors: the sign-up e-mail message. */
export const EMAIL_MESSAGE = invalid('domain.error.VALIDATION_FAILED.emailInvalid');
export const EmailSchema = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .pipe(z.email({ error: EMAIL_MESSAGE }).max(254, EMAIL_MESSAGE));

/** docs/product.md#roles: a one-time code works for 10 minutes. */
export const CODE_LIFETIME_MINUTES = 10;

/** docs/product.md#validation, #limits: one-time codes are exactly six digits. */
export const OtpCodeSchema = z
  .string({ error: invalid('domain.error.VALIDATION_FAILED.confirmationCodeEmpty') })
  .regex(/^\d{6}$/, {
    error: (issue) =>
      issue.input === ''
        ? invalid('domain.error.VALIDATION_FAILED.confirmationCodeEmpty')
        : invalid('domain.error.VALIDATION_FAILED.otpSixDigits'),
  });

/** docs/product.md#roles: a borrower's username is their account id, upper-cased. */
export const AccountIdSchema = z
  .string({ error: invalid('domain.error.VALIDATION_FAILED.accountIdRequired') })
  .trim()
  .min(1, invalid('domain.error.VALIDATION_FAILED.accountIdRequired'))
  .max(200, invalid('domain.error.VALIDATION_FAILED.accountIdTooLong'))
  .transform((id) => id.toUpperCase());

/**
 * docs/product.md#roles: usernames are account ids (upper-cased); forgot-password also
 * takes an e-mail (lower-cased, compared case-insensitively). Normalising here
 * keeps sign-in throttling per user whatever the typed case.
 */
export function normaliseUsername(username: string): string {
  const trimmed = username.trim();
  return trimmed.includes('@') ? trimmed.toLowerCase() : trimmed.toUpperCase();
}

/** docs/product.md#validation identity-layer messages. */
const UsernameSchema = z
  .string({ error: invalid('domain.error.VALIDATION_FAILED.usernameEmpty') })
  .trim()
  .min(1, invalid('domain.error.VALIDATION_FAILED.usernameEmpty'))
  .max(254, invalid('domain.error.VALIDATION_FAILED.usernameTooLong'))
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
    .string({ error: invalid('domain.error.VALIDATION_FAILED.passwordEmpty') })
    .min(1, invalid('domain.error.VALIDATION_FAILED.passwordEmpty'))
    .max(256, PASSWORD_TOO_LONG),
});
export type SigninBody = z.infer<typeof SigninBodySchema>;

/** docs/product.md#api: the username may be the account id or the e-mail. */
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
  .max(2000, invalid('domain.error.VALIDATION_FAILED.remarksTooLong', { max: 2000 }))
  .nullish()
  .transform((remarks) => remarks || undefined);

export const Sha256HexSchema = z
  .string()
  .regex(/^[0-9a-f]{64}$/i, invalid('domain.error.VALIDATION_FAILED.sha256Length'))
  .transform((hash) => hash.toLowerCase());

const CONTENT_FIELDS = ['fileName', 'fileHash', 'size'] as const;

/**
 * docs/product.md#api upload step one. Either a file (fileName, fileHash and size
 * together) or a remarks-only entry: no content fields and non-empty remarks
 * (docs/product.md#validation: upload needs remarks or a file). Size and type limits are checked
 * by the API (413/415, not 400).
 */
export const FileCreateBodySchema = z
  .object({
    fileType: FileTypeSchema,
    fileName: z
      .string()
      .trim()
      .min(1, invalid('domain.error.VALIDATION_FAILED.fileNameRequired'))
      .max(255, invalid('domain.error.VALIDATION_FAILED.fileNameTooLong', { max: 255 }))
      .optional(),
    fileHash: Sha256HexSchema.optional(),
    size: z
      .number()
      .int(invalid('domain.error.VALIDATION_FAILED.sizeWholeBytes'))
      .nonnegative()
      .optional(),
    contentType: z.string().trim().min(1).max(255).optional(),
    borrowerRemarks: OptionalRemarksSchema,
    /**
     * Replace, don't delete: the key of the slot's live file this upload takes the place of. The
     * old file stays until this one completes; then both change in one transaction.
     */
    replaces: z.string().uuid(invalid('domain.error.VALIDATION_FAILED.replacesKey')).optional(),
    // docs/product.md#statuses: a new file is created as NOT_RAISED; docs/product.md#api clients send it.
    approvalStatus: z
      .literal('NOT_RAISED', { error: invalid('domain.error.VALIDATION_FAILED.newFileNotRaised') })
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
          message: invalid('domain.error.VALIDATION_FAILED.contentFieldsTogether'),
          params: { field, others: CONTENT_FIELDS.filter((f) => f !== field).join(' and ') },
        });
      }
    } else if (body.borrowerRemarks === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['borrowerRemarks'],
        message: invalid('domain.error.VALIDATION_FAILED.fileOrRemarks'),
      });
    }
  });
export type FileCreateBody = z.infer<typeof FileCreateBodySchema>;

/**
 * docs/product.md#api PUT of a file: a requested status and remarks. The fileName,
 * fileHash and fileType SPEC's clients also send are accepted and ignored.
 */
export const FileUpdateBodySchema = z
  .object({
    approvalStatus: ApprovalStatusSchema.optional(),
    approverRemarks: OptionalRemarksSchema,
    /** Only with REJECTED; a rejection without one is recorded as OTHER (docs/product.md#api). */
    rejectionReason: RejectionReasonSchema.optional(),
    borrowerRemarks: OptionalRemarksSchema,
  })
  .refine((body) => body.rejectionReason === undefined || body.approvalStatus === 'REJECTED', {
    path: ['rejectionReason'],
    message: invalid('domain.error.VALIDATION_FAILED.reasonOnlyWithRejected'),
  });
export type FileUpdateBody = z.infer<typeof FileUpdateBodySchema>;

// ---------------------------------------------------------------- frequencies and units

const requiredNumber = (requiredMessage: string) =>
  z.number({
    error: (issue) =>
      issue.input === undefined
        ? requiredMessage
        : invalid('domain.error.VALIDATION_FAILED.mustBeNumber'),
  });

/** docs/product.md#validation: invalid('domain.error.VALIDATION_FAILED.dateRequired') when the month picker is empty. */
export const MonthSchema = requiredNumber(invalid('domain.error.VALIDATION_FAILED.dateRequired'))
  .int(invalid('domain.error.VALIDATION_FAILED.monthWhole'))
  .min(1, invalid('domain.error.VALIDATION_FAILED.monthRange'))
  .max(12, invalid('domain.error.VALIDATION_FAILED.monthRange'));
export const YearSchema = requiredNumber(invalid('domain.error.VALIDATION_FAILED.dateRequired'))
  .int(invalid('domain.error.VALIDATION_FAILED.yearWhole'))
  .min(1900, invalid('domain.error.VALIDATION_FAILED.yearFrom1900'))
  .max(9999, invalid('domain.error.VALIDATION_FAILED.yearDigits'));

/** docs/product.md#api: a frequency starts NOT_RAISED; any other status → 400. Future months are the API's check (needs today). */
export const FrequencyCreateBodySchema = z.object({
  frequency: FrequencyCodeSchema,
  month: MonthSchema,
  year: YearSchema,
  approvalStatus: z
    .literal('NOT_RAISED', {
      error: invalid('domain.error.VALIDATION_FAILED.newFrequencyNotRaised'),
    })
    .optional(),
});
export type FrequencyCreateBody = z.infer<typeof FrequencyCreateBodySchema>;

const VersionSchema = z.number().int().nonnegative();

/**
 * docs/product.md#api: a PUT carries the requested status (a transition request) and
 * optionally the version read, for the stale-write check. docs/product.md#api's other
 * fields (frequency, month, year) are accepted and ignored.
 */
export const FrequencyUpdateBodySchema = z.object({
  approvalStatus: ApprovalStatusSchema.optional(),
  version: VersionSchema.optional(),
});
export type FrequencyUpdateBody = z.infer<typeof FrequencyUpdateBodySchema>;

/** As FrequencyUpdateBodySchema; docs/product.md#api's key, name, tower … are lender data and ignored. */
export const UnitUpdateBodySchema = z.object({
  approvalStatus: ApprovalStatusSchema.optional(),
  version: VersionSchema.optional(),
});
export type UnitUpdateBody = z.infer<typeof UnitUpdateBodySchema>;

/** Four-eyes NOC release: a second approver sends a unit's first approval back. */
export const UnitSendBackBodySchema = z.object({ version: VersionSchema.optional() });
export type UnitSendBackBody = z.infer<typeof UnitSendBackBodySchema>;

/** docs/product.md#api: bulk submit is all or nothing; a key listed twice counts once. */
export const BulkSubmitBodySchema = z.object({
  keys: z
    .array(z.string().trim().min(1, invalid('domain.error.VALIDATION_FAILED.keysNotEmpty')))
    .min(1, invalid('domain.error.VALIDATION_FAILED.chooseOne'))
    .max(100, invalid('domain.error.VALIDATION_FAILED.submitAtMost', { max: 100 }))
    .transform((keys) => [...new Set(keys)]),
});
export type BulkSubmitBody = z.infer<typeof BulkSubmitBodySchema>;

// ---------------------------------------------------------------- loan statements

export const requiredIsoDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .pipe(z.iso.date({ error: invalid('domain.error.VALIDATION_FAILED.isoDate') }));

/** docs/product.md#validation messages. The 365-day window needs today: see loanStatementDatesProblem. */
export const LoanStatementCreateBodySchema = z
  .object({
    fromDate: requiredIsoDate(invalid('domain.error.VALIDATION_FAILED.startDateRequired')),
    toDate: requiredIsoDate(invalid('domain.error.VALIDATION_FAILED.endDateRequired')),
    borrowerRemarks: OptionalRemarksSchema,
  })
  .refine((body) => body.fromDate <= body.toDate, {
    path: ['toDate'],
    message: invalid('domain.error.VALIDATION_FAILED.endAfterStart'),
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
  name: z.string().trim().min(1, invalid('domain.error.VALIDATION_FAILED.nameRequired')).optional(),
  email: EmailSchema.optional(),
});
export type AccountUpdateBody = z.infer<typeof AccountUpdateBodySchema>;

// ---------------------------------------------------------------- import (docs/product.md#api "Import records")

const KEY_MESSAGE = invalid('domain.error.VALIDATION_FAILED.keyNotEmpty');
const KeySchema = z
  .union([z.string(), z.number()], { error: KEY_MESSAGE })
  .transform((key) => String(key).trim())
  .pipe(
    z
      .string()
      .min(1, KEY_MESSAGE)
      .max(200, invalid('domain.error.VALIDATION_FAILED.keysTooLong', { max: 200 })),
  );

/** docs/product.md#roles: account ids are upper-cased, like the usernames made from them. */
const AccountKeySchema = KeySchema.transform((key) => key.toUpperCase());

const NameSchema = z
  .string({ error: invalid('domain.error.VALIDATION_FAILED.nameRequired') })
  .trim()
  .min(1, invalid('domain.error.VALIDATION_FAILED.nameRequired'));

/** Tower, floor and unit may come as numbers; they are kept as text. */
const TextSchema = z
  .union([z.string(), z.number()], { error: invalid('domain.error.VALIDATION_FAILED.mustBeText') })
  .transform((value) => String(value).trim());

const DECIMAL_MESSAGE = invalid('domain.error.VALIDATION_FAILED.numberOrDecimal');

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

/** docs/product.md#api: money arrives as a JSON number or a decimal string and is kept exact. */
export const MoneySchema = DecimalSchema.describe('Rupees as a JSON number or decimal string');

/** Lender systems differ in case ('final', 'FINAL'); the stored value is 'Final' or 'Provisional'. */
const ImportSelectedNocSchema = z
  .string({ error: invalid('domain.error.VALIDATION_FAILED.selectedNoc') })
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
  /** The project's site address, printed on its NOC letters; absent or blank = none. */
  address: z
    .string({ error: invalid('domain.error.VALIDATION_FAILED.mustBeText') })
    .trim()
    .nullish(),
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

/** docs/product.md#api: each list optional; workflow state is never imported. */
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
