import { z } from 'zod';

/**
 * DESIGN §4 / STYLE §4: the one table of domain error codes and their HTTP
 * status. The API maps a DomainError to `{error: {code, message}}` with this
 * status; messages are the defaults, a thrower may give a more precise one.
 */
export const DOMAIN_ERRORS = {
  /** Bad input; the message names the field. */
  VALIDATION_FAILED: { status: 400, message: 'Some of the information is not valid' },
  /** No session, or an invalid one. */
  UNAUTHENTICATED: { status: 401, message: 'Please sign in to continue' },
  /** Wrong username or password (never says which, DESIGN §3). */
  INVALID_CREDENTIALS: { status: 401, message: 'Incorrect username or password.' },
  /** The role may never do this (DESIGN §4: authorisation before state). */
  FORBIDDEN: { status: 403, message: 'You are not allowed to do this' },
  /** SPEC §8: a disabled user signing in with the right password. */
  USER_DISABLED: { status: 403, message: 'User is disabled.' },
  /** The right password for a borrower who has not yet entered the e-mailed sign-up code. */
  USER_NOT_CONFIRMED: {
    status: 403,
    message: 'User is not confirmed. Enter the code we e-mailed you, or sign up again.',
  },
  /** A two-factor sign-in step whose challenge is unknown, used up or older than 5 minutes. */
  SIGN_IN_EXPIRED: { status: 401, message: 'Your sign-in has expired. Enter your password again.' },
  /** A presigned link that was tampered with or has expired. */
  INVALID_SIGNATURE: { status: 403, message: 'This link is invalid or has expired' },
  /** Not found, or not yours (DESIGN §4: another borrower's data is 404). */
  NOT_FOUND: { status: 404, message: 'Not found' },
  /** A state conflict without a more specific code. */
  CONFLICT: { status: 409, message: 'This conflicts with the current state' },
  /** The requested status change is not a transition of SPEC §4 from here. */
  ILLEGAL_TRANSITION: { status: 409, message: 'This status change is not allowed now' },
  /** Someone else changed the record first (DESIGN §5 version check). */
  STALE_VERSION: {
    status: 409,
    message: 'This was changed by someone else; reload and try again',
  },
  /** DESIGN §5: same collateral, frequency, month and year. */
  DUPLICATE_FREQUENCY: { status: 409, message: 'Similar monitoring frequency already exists' },
  /** SPEC §8: the account id already has a user. */
  USER_EXISTS: { status: 409, message: 'User already exists' },
  /** DESIGN §4: a second file into a filled slot. */
  SLOT_FILLED: { status: 409, message: 'This document already has a file; discard it first' },
  /** SPEC §4: files cannot change while the set awaits approval or once approved. */
  SET_LOCKED: {
    status: 409,
    message: 'Documents cannot be changed while awaiting approval or once approved',
  },
  /** SPEC §4: only files not yet submitted, or rejected, may be discarded. */
  FILE_LOCKED: { status: 409, message: 'This file is awaiting approval or approved' },
  /** SPEC §4: approve or reject only a file that is pending. */
  FILE_NOT_PENDING: { status: 409, message: 'This file is not awaiting approval' },
  /** `complete` called before the content was uploaded. */
  UPLOAD_INCOMPLETE: { status: 409, message: 'The file content has not been uploaded' },
  /** SPEC §4: submit needs every slot filled with a NOT_RAISED or APPROVED file. */
  NOT_READY_TO_SUBMIT: {
    status: 409,
    message: 'Upload every required document before submitting to the checker',
  },
  /** SPEC §4: finalise needs every document approved or rejected. */
  NOT_ALL_REVIEWED: {
    status: 409,
    message: 'Approve or reject every document before submitting',
  },
  /** DESIGN §4: the requested final status must equal the computed outcome. */
  OUTCOME_MISMATCH: {
    status: 409,
    message: 'The result must be APPROVED when no document is rejected, otherwise REJECTED',
  },
  /** Four-eyes NOC release: the first approver may not also confirm or send back. */
  SAME_APPROVER: {
    status: 409,
    message: 'A different approver must confirm this approval or send it back',
  },
  /** SPEC §5 / DESIGN §5: approve or reject only with approver remarks. */
  REMARKS_REQUIRED: { status: 400, message: 'Approver remarks are required' },
  /** DESIGN §5: a frequency's month and year may not be in the future. */
  FUTURE_PERIOD: { status: 400, message: 'Month and year may not be in the future' },
  /** DESIGN §4: the bytes do not match the declared SHA-256 or size. */
  HASH_MISMATCH: { status: 400, message: 'The uploaded file does not match its checksum or size' },
  /** The malware scanner found something in the upload: it is quarantined, never counted. */
  FILE_QUARANTINED: { status: 422, message: 'This file was blocked by the virus scanner' },
  /** DESIGN §4: sign-up e-mail differs from the one on file; never shows the real one. */
  EMAIL_MISMATCH: {
    status: 400,
    message: 'This e-mail address does not match the one we hold for the account',
  },
  /** SPEC §8: wrong, expired or reused one-time code. */
  INVALID_CODE: { status: 400, message: 'Invalid verification code provided, please try again.' },
  /** The e-mailed code of a two-factor set-up at sign-in, told apart from the app's code beside it. */
  INVALID_EMAIL_CODE: {
    status: 400,
    message: 'The code from the e-mail is not valid or has expired. Check it, or send a new one.',
  },
  FILE_TOO_LARGE: { status: 413, message: 'The file is too large' },
  UNSUPPORTED_FILE_TYPE: {
    status: 415,
    message: 'Upload a PDF, PNG, JPEG, Excel, Word or CSV file',
  },
  /** DESIGN §3: sign-in lock-out after 5 failures. */
  THROTTLED: { status: 429, message: 'Too many attempts; try again later' },
  /** SPEC §8: the customer-relationship system (or another dependency) is down. */
  DEPENDENCY_DOWN: {
    status: 503,
    message:
      'Sorry, something went wrong, we were unable to update data on server. Please try again',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type DomainErrorCode = keyof typeof DOMAIN_ERRORS;

/** Thrown by services; carries the code and its HTTP status from the table. */
export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly status: number;

  constructor(code: DomainErrorCode, message?: string) {
    super(message ?? DOMAIN_ERRORS[code].message);
    this.name = 'DomainError';
    this.code = code;
    this.status = DOMAIN_ERRORS[code].status;
  }
}

/** DESIGN §4: every error answer. */
export const ErrorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
