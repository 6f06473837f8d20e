import { z } from 'zod';
import type { MessageKey } from './messages.ts';
import { translate, type Language, type MessageValues } from './translate.ts';

/**
 * docs/product.md#api: the one table of domain error codes and their HTTP status. Each code's
 * message is `domain.error.<CODE>` in the catalogs (messages.en.json, messages.hi.json); a thrower
 * may name a more precise one, `domain.error.<CODE>.<what>`. The API answers
 * `{error: {code, message}}` with this status, the message in the request's language.
 */
export const DOMAIN_ERRORS = {
  /** Bad input; the message names the field. */
  VALIDATION_FAILED: { status: 400 },
  /** No session, or an invalid one. */
  UNAUTHENTICATED: { status: 401 },
  /** Wrong username or password (never says which, docs/product.md#roles). */
  INVALID_CREDENTIALS: { status: 401 },
  /** The role may never do this (docs/product.md#api: authorisation before state). */
  FORBIDDEN: { status: 403 },
  /** docs/product.md#errors: a disabled user signing in with the right password. */
  USER_DISABLED: { status: 403 },
  /** The right password for a borrower who has not yet entered the e-mailed sign-up code. */
  USER_NOT_CONFIRMED: { status: 403 },
  /** A two-factor sign-in step whose challenge is unknown, used up or older than 5 minutes. */
  SIGN_IN_EXPIRED: { status: 401 },
  /** A presigned link that was tampered with or has expired. */
  INVALID_SIGNATURE: { status: 403 },
  /** Not found, or not yours (docs/product.md#api: another borrower's data is 404). */
  NOT_FOUND: { status: 404 },
  /** A state conflict without a more specific code. */
  CONFLICT: { status: 409 },
  /** The requested status change is not a transition of docs/product.md#statuses from here. */
  ILLEGAL_TRANSITION: { status: 409 },
  /** Someone else changed the record first (docs/product.md#server-rules version check). */
  STALE_VERSION: { status: 409 },
  /** docs/product.md#server-rules: same collateral, frequency, month and year. */
  DUPLICATE_FREQUENCY: { status: 409 },
  /** docs/product.md#errors: the account id already has a user. */
  USER_EXISTS: { status: 409 },
  /** docs/product.md#api: a second file into a filled slot. */
  SLOT_FILLED: { status: 409 },
  /** docs/product.md#statuses: files cannot change while the set awaits approval or once approved. */
  SET_LOCKED: { status: 409 },
  /** docs/product.md#statuses: only files not yet submitted, or rejected, may be discarded. */
  FILE_LOCKED: { status: 409 },
  /** docs/product.md#statuses: approve or reject only a file that is pending. */
  FILE_NOT_PENDING: { status: 409 },
  /** `complete` called before the content was uploaded. */
  UPLOAD_INCOMPLETE: { status: 409 },
  /** docs/product.md#statuses: submit needs every slot filled with a NOT_RAISED or APPROVED file. */
  NOT_READY_TO_SUBMIT: { status: 409 },
  /** docs/product.md#statuses: finalise needs every document approved or rejected. */
  NOT_ALL_REVIEWED: { status: 409 },
  /** docs/product.md#api: the requested final status must equal the computed outcome. */
  OUTCOME_MISMATCH: { status: 409 },
  /** Four-eyes NOC release: the first approver may not also confirm or send back. */
  SAME_APPROVER: { status: 409 },
  /** docs/product.md#validation, #server-rules: approve or reject only with approver remarks. */
  REMARKS_REQUIRED: { status: 400 },
  /** docs/product.md#server-rules: a frequency's month and year may not be in the future. */
  FUTURE_PERIOD: { status: 400 },
  /** docs/product.md#api: the bytes do not match the declared SHA-256 or size. */
  HASH_MISMATCH: { status: 400 },
  /** The malware scanner found something in the upload: it is quarantined, never counted. */
  FILE_QUARANTINED: { status: 422 },
  /** docs/product.md#api: sign-up e-mail differs from the one on file; never shows the real one. */
  EMAIL_MISMATCH: { status: 400 },
  /** docs/product.md#errors: wrong, expired or reused one-time code. */
  INVALID_CODE: { status: 400 },
  /** The e-mailed code of a two-factor set-up at sign-in, told apart from the app's code beside it. */
  INVALID_EMAIL_CODE: { status: 400 },
  /** docs/product.md#api: a declared size or stored file over MAX_UPLOAD_BYTES, or a body over its limit. */
  FILE_TOO_LARGE: { status: 413 },
  /** docs/product.md#api: a file type outside the list (file-types.ts), declared or found in the bytes. */
  UNSUPPORTED_FILE_TYPE: { status: 415 },
  /** docs/product.md#roles: sign-in lock-out after 5 failures. */
  THROTTLED: { status: 429 },
  /** docs/product.md#errors: the customer-relationship system (or another dependency) is down. */
  DEPENDENCY_DOWN: { status: 503 },
  /** A request the server cannot read: not JSON, or an address with broken percent-encoding. */
  BAD_REQUEST: { status: 400 },
  /** A body sent as something other than JSON. */
  UNSUPPORTED_MEDIA_TYPE: { status: 415 },
  /** A part of the address over the router's length limit. */
  URI_TOO_LONG: { status: 414 },
  /** A failure of the server's own: logged, never shown. */
  INTERNAL: { status: 500 },
} as const satisfies Record<string, { status: number }>;

export type DomainErrorCode = keyof typeof DOMAIN_ERRORS;

/** The catalog keys an error of `code` may say: the code's own message or a more precise one. */
export type ErrorMessageKey<C extends DomainErrorCode = DomainErrorCode> = Extract<
  MessageKey,
  `domain.error.${C}` | `domain.error.${C}.${string}`
>;

export interface ErrorDetails<C extends DomainErrorCode> {
  /** A message more precise than the code's own. */
  message?: ErrorMessageKey<C>;
  /** The message's placeholders. */
  values?: MessageValues;
  /** The request field at fault: the message starts with it ("role: …"). */
  field?: string;
}

/**
 * Thrown by services: the code (its HTTP status from the table) and the catalog key of what to
 * say, with its values. `message` is the English, for logs and the command line.
 */
export class DomainError<C extends DomainErrorCode = DomainErrorCode> extends Error {
  readonly code: C;
  readonly status: number;
  readonly messageKey: ErrorMessageKey<C>;
  readonly values: MessageValues;
  readonly field: string | undefined;

  constructor(code: C, { message, values = {}, field }: ErrorDetails<NoInfer<C>> = {}) {
    const messageKey = message ?? (`domain.error.${code}` as ErrorMessageKey<C>);
    super(withField(field, translate('en', messageKey, values)));
    this.name = 'DomainError';
    this.code = code;
    this.status = DOMAIN_ERRORS[code].status;
    this.messageKey = messageKey;
    this.values = values;
    this.field = field;
  }

  /** What to tell the user, in `language`. */
  messageIn(language: Language): string {
    return withField(this.field, translate(language, this.messageKey, this.values));
  }
}

const withField = (field: string | undefined, message: string) =>
  field ? `${field}: ${message}` : message;

/** docs/product.md#api: every error answer; `field` names the request field a validation failure is about. */
export const ErrorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), field: z.string().optional() }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
