import { describe, expect, it } from 'vitest';
import { DOMAIN_ERRORS, DomainError, ErrorBodySchema } from './errors.ts';

describe('error table', () => {
  it('maps each required code to its HTTP status', () => {
    const statuses = Object.fromEntries(
      Object.entries(DOMAIN_ERRORS).map(([code, { status }]) => [code, status]),
    );
    expect(statuses).toMatchObject({
      VALIDATION_FAILED: 400,
      UNAUTHENTICATED: 401,
      FORBIDDEN: 403,
      NOT_FOUND: 404,
      CONFLICT: 409,
      ILLEGAL_TRANSITION: 409,
      STALE_VERSION: 409,
      DUPLICATE_FREQUENCY: 409,
      USER_EXISTS: 409,
      SLOT_FILLED: 409,
      FILE_TOO_LARGE: 413,
      UNSUPPORTED_FILE_TYPE: 415,
      HASH_MISMATCH: 400,
      INVALID_CODE: 400,
      THROTTLED: 429,
      USER_DISABLED: 403,
      DEPENDENCY_DOWN: 503,
      NOT_READY_TO_SUBMIT: 409,
      NOT_ALL_REVIEWED: 409,
      OUTCOME_MISMATCH: 409,
      REMARKS_REQUIRED: 400,
      FILE_NOT_PENDING: 409,
    });
  });

  it('keeps the product messages of SPEC §8 word for word', () => {
    expect(DOMAIN_ERRORS.DUPLICATE_FREQUENCY.message).toBe(
      'Similar monitoring frequency already exists',
    );
    expect(DOMAIN_ERRORS.USER_EXISTS.message).toBe('User already exists');
    expect(DOMAIN_ERRORS.INVALID_CODE.message).toBe(
      'Invalid verification code provided, please try again.',
    );
    expect(DOMAIN_ERRORS.USER_DISABLED.message).toBe('User is disabled.');
  });

  it('gives a DomainError the status and default message of its code', () => {
    const error = new DomainError('DUPLICATE_FREQUENCY');
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('DUPLICATE_FREQUENCY');
    expect(error.status).toBe(409);
    expect(error.message).toBe('Similar monitoring frequency already exists');
  });

  it('lets a thrower give a more precise message', () => {
    expect(new DomainError('VALIDATION_FAILED', 'month: Month must be 1 to 12').message).toBe(
      'month: Month must be 1 to 12',
    );
  });

  it('describes the error body as {error: {code, message}}', () => {
    expect(
      ErrorBodySchema.safeParse({ error: { code: 'NOT_FOUND', message: 'Not found' } }).success,
    ).toBe(true);
    expect(ErrorBodySchema.safeParse({ code: 'NOT_FOUND' }).success).toBe(false);
  });
});
