import { describe, expect, it } from 'vitest';
import { DOMAIN_ERRORS, DomainError, ErrorBodySchema, type DomainErrorCode } from './errors.ts';
import { messages as hindi } from './messages.hi.ts';

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

  it('keeps the product messages of docs/product.md#errors word for word', () => {
    const english = (code: DomainErrorCode) => new DomainError(code).message;
    expect(english('DUPLICATE_FREQUENCY')).toBe('Similar monitoring frequency already exists');
    expect(english('USER_EXISTS')).toBe('User already exists');
    expect(english('INVALID_CODE')).toBe('Invalid verification code provided, please try again.');
    expect(english('USER_DISABLED')).toBe('User is disabled.');
  });

  it('has a message in English and Hindi for every code', () => {
    for (const code of Object.keys(DOMAIN_ERRORS) as DomainErrorCode[]) {
      const error = new DomainError(code);
      expect(error.messageKey).toBe(`domain.error.${code}`);
      expect(error.message).not.toBe(error.messageKey);
      expect(hindi[error.messageKey!]).toBeDefined();
    }
  });

  it('gives a DomainError the status and message of its code, in the language asked', () => {
    const error = new DomainError('DUPLICATE_FREQUENCY');
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('DUPLICATE_FREQUENCY');
    expect(error.status).toBe(409);
    expect(error.message).toBe('Similar monitoring frequency already exists');
    expect(error.messageIn('hi')).toBe('ऐसी ही मॉनिटरिंग आवृत्ति पहले से मौजूद है');
  });

  it('says a more precise message with its values, after the field it is about', () => {
    const error = new DomainError('NOT_FOUND', {
      message: 'domain.error.NOT_FOUND.endpoint',
      values: { endpoint: 'GET /api/nowhere' },
    });
    expect(error.message).toBe('No such endpoint: GET /api/nowhere');
    expect(error.messageIn('hi')).toContain('GET /api/nowhere');
    const invalid = new DomainError('VALIDATION_FAILED', {
      message: 'domain.error.VALIDATION_FAILED.roleKind',
      field: 'role',
    });
    expect(invalid.status).toBe(400);
    expect(invalid.field).toBe('role');
    expect(invalid.message).toBe('role: borrowers stay borrowers and staff stay staff');
    expect(invalid.messageIn('hi')).toMatch(/^role: \S/);
    expect(invalid.messageIn('hi')).not.toBe(invalid.message);
  });

  it('describes the error body as {error: {code, message}}', () => {
    expect(
      ErrorBodySchema.safeParse({ error: { code: 'NOT_FOUND', message: 'Not found' } }).success,
    ).toBe(true);
    expect(ErrorBodySchema.safeParse({ code: 'NOT_FOUND' }).success).toBe(false);
  });
});
