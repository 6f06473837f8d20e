import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { issueText } from '../translate.ts';
import {
  AccountUpdateBodySchema,
  BulkSubmitBodySchema,
  EmailSchema,
  FileCreateBodySchema,
  FileUpdateBodySchema,
  FrequencyCreateBodySchema,
  FrequencyUpdateBodySchema,
  ImportBodySchema,
  ImportUnitSchema,
  LoanStatementCreateBodySchema,
  MoneySchema,
  OtpCodeSchema,
  PasswordForgotBodySchema,
  PasswordResetBodySchema,
  PasswordSchema,
  SigninBodySchema,
  SignupBodySchema,
  SignupCheckBodySchema,
  SignupConfirmBodySchema,
  UnitUpdateBodySchema,
  UserUpdateBodySchema,
} from './requests.ts';

/** 'field: message' for every refusal, the way the API names the field. */
/** docs/product.md#screens's hint, the refusal of any password outside the policy. */
const PASSWORD_HINT = 'Use 8 or more characters with a mix of letters, numbers & symbols';

function refusals(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issueText('en', issue)}`);
}

const HASH = 'a'.repeat(64);

describe('identity bodies', () => {
  it('accepts a password of 8+ characters with a letter, a digit and a symbol', () => {
    expect(PasswordSchema.parse('abcdef1!')).toBe('abcdef1!');
    // docs/product.md#api: a symbol is any character that is not a letter or a digit.
    expect(PasswordSchema.safeParse('abc def1').success).toBe(true);
  });

  it.each([
    ['too short', 'ab1!'],
    ['no letter', '12345678!'],
    ['no digit', 'abcdefgh!'],
    ['no symbol', 'abcdefg1'],
  ])('refuses a password with %s, giving the hint', (_, password) => {
    expect(refusals(PasswordSchema, password)).toEqual([`: ${PASSWORD_HINT}`]);
  });

  it("refuses a bad e-mail with 'Please Enter Valid Email Address' and trims a good one", () => {
    expect(refusals(EmailSchema, 'not-an-email')).toEqual([': Please Enter Valid Email Address']);
    expect(refusals(EmailSchema, undefined)).toEqual([': Please Enter Valid Email Address']);
    expect(EmailSchema.parse(' asha@example.com ')).toBe('asha@example.com');
  });

  it('accepts exactly six digits as a one-time code', () => {
    expect(OtpCodeSchema.parse('012345')).toBe('012345');
    expect(refusals(OtpCodeSchema, '12345')).toEqual([': Enter the six digit code']);
    expect(refusals(OtpCodeSchema, '1234567')).toEqual([': Enter the six digit code']);
    expect(refusals(OtpCodeSchema, '12a456')).toEqual([': Enter the six digit code']);
    expect(refusals(OtpCodeSchema, '')).toEqual([': Confirmation code cannot be empty']);
  });

  it('upper-cases and trims the account id', () => {
    expect(SignupCheckBodySchema.parse({ accountId: ' acc1001 ' })).toEqual({
      accountId: 'ACC1001',
    });
    expect(refusals(SignupCheckBodySchema, { accountId: '  ' })).toEqual([
      'accountId: Account id is required',
    ]);
  });

  it('refuses a sign-up without a valid e-mail and a strong password, naming each field', () => {
    expect(refusals(SignupBodySchema, { accountId: 'A1', email: 'x', password: 'short' })).toEqual([
      'email: Please Enter Valid Email Address',
      `password: ${PASSWORD_HINT}`,
    ]);
  });

  it('refuses a sign-up confirmation without a six digit code', () => {
    expect(refusals(SignupConfirmBodySchema, { accountId: 'A1', code: '12' })).toEqual([
      'code: Enter the six digit code',
    ]);
  });

  it('refuses an empty username or password at sign-in with the identity-layer messages', () => {
    expect(refusals(SigninBodySchema, { username: ' ', password: '' })).toEqual([
      'username: Username cannot be empty',
      'password: Password cannot be empty',
    ]);
  });

  it('normalises an account-id username to upper case and an e-mail to lower case', () => {
    expect(SigninBodySchema.parse({ username: ' acc1001 ', password: 'x' }).username).toBe(
      'ACC1001',
    );
    expect(PasswordForgotBodySchema.parse({ username: 'Asha@Example.com' }).username).toBe(
      'asha@example.com',
    );
  });

  it('refuses a password reset with a weak new password or a bad code', () => {
    expect(
      refusals(PasswordResetBodySchema, {
        username: 'A1',
        code: 'abcdef',
        newPassword: 'password',
      }),
    ).toEqual(['code: Enter the six digit code', `newPassword: ${PASSWORD_HINT}`]);
  });
});

describe('file bodies', () => {
  it('accepts a file with name, hash and size and lower-cases the hash', () => {
    const body = FileCreateBodySchema.parse({
      fileType: 'SALES_MIS',
      fileName: 'sales.pdf',
      fileHash: HASH.toUpperCase(),
      size: 1024,
      contentType: 'application/pdf',
    });
    expect(body).toMatchObject({ fileHash: HASH, size: 1024 });
  });

  it('accepts a remarks-only entry: no content fields and non-empty remarks', () => {
    expect(
      FileCreateBodySchema.parse({ fileType: 'OTHER', borrowerRemarks: '  Not applicable  ' }),
    ).toEqual({ fileType: 'OTHER', borrowerRemarks: 'Not applicable' });
  });

  it('refuses an entry with neither a file nor remarks', () => {
    expect(refusals(FileCreateBodySchema, { fileType: 'OTHER', borrowerRemarks: '   ' })).toEqual([
      'borrowerRemarks: Choose a file or write remarks',
    ]);
  });

  it('refuses a file missing its hash or size, naming the missing field', () => {
    expect(
      refusals(FileCreateBodySchema, { fileType: 'OTHER', fileName: 'a.pdf', size: 1 }),
    ).toEqual(['fileHash: fileHash is required with fileName and size']);
  });

  it('refuses a hash that is not 64 hex characters, a negative size and an unknown type', () => {
    expect(
      refusals(FileCreateBodySchema, {
        fileType: 'PAYSLIP',
        fileName: 'a.pdf',
        fileHash: 'abc',
        size: -1,
      }),
    ).toEqual([
      expect.stringMatching(/^fileType: /),
      'fileHash: fileHash must be a SHA-256 hex digest (64 characters)',
      expect.stringMatching(/^size: /),
    ]);
  });

  it('refuses a new file in any status but NOT_RAISED', () => {
    expect(
      refusals(FileCreateBodySchema, {
        fileType: 'OTHER',
        borrowerRemarks: 'x',
        approvalStatus: 'APPROVED',
      }),
    ).toEqual(['approvalStatus: A new file starts as NOT_RAISED']);
  });

  it('accepts a file PUT with docs/product.md#api’s extra fields and drops them', () => {
    expect(
      FileUpdateBodySchema.parse({
        approvalStatus: 'APPROVED',
        approverRemarks: ' fine ',
        borrowerRemarks: null,
        fileName: 'a.pdf',
        fileHash: HASH,
        fileType: 'OTHER',
      }),
    ).toEqual({ approvalStatus: 'APPROVED', approverRemarks: 'fine' });
  });

  it('refuses a file PUT with an unknown status', () => {
    expect(FileUpdateBodySchema.safeParse({ approvalStatus: 'DONE' }).success).toBe(false);
  });

  it('takes a rejection reason from the fixed list, only with REJECTED', () => {
    expect(
      FileUpdateBodySchema.parse({
        approvalStatus: 'REJECTED',
        approverRemarks: 'Blurred',
        rejectionReason: 'ILLEGIBLE',
      }),
    ).toEqual({
      approvalStatus: 'REJECTED',
      approverRemarks: 'Blurred',
      rejectionReason: 'ILLEGIBLE',
    });
    expect(
      refusals(FileUpdateBodySchema, {
        approvalStatus: 'APPROVED',
        approverRemarks: 'Fine',
        rejectionReason: 'EXPIRED',
      }),
    ).toEqual(['rejectionReason: A rejection reason goes only with approvalStatus REJECTED']);
    expect(
      refusals(FileUpdateBodySchema, { approvalStatus: 'REJECTED', rejectionReason: 'BLURRY' }),
    ).toEqual([
      'rejectionReason: Choose a rejection reason: ILLEGIBLE, EXPIRED, WRONG_DOCUMENT, DETAILS_MISMATCH, INCOMPLETE, UNSIGNED, OTHER',
    ]);
  });
});

describe('frequency and unit bodies', () => {
  it('accepts a new frequency for a month and year, with or without NOT_RAISED', () => {
    expect(FrequencyCreateBodySchema.parse({ frequency: 3, month: 6, year: 2026 })).toEqual({
      frequency: 3,
      month: 6,
      year: 2026,
    });
    expect(
      FrequencyCreateBodySchema.safeParse({
        frequency: 2,
        month: 1,
        year: 2026,
        approvalStatus: 'NOT_RAISED',
      }).success,
    ).toBe(true);
  });

  it("refuses a new frequency without frequency or date: 'Frequency is required', 'Date is required'", () => {
    expect(refusals(FrequencyCreateBodySchema, {})).toEqual([
      'frequency: Frequency is required',
      'month: Date is required',
      'year: Date is required',
    ]);
  });

  it('refuses a month outside 1 to 12 and a frequency other than 1, 2 or 3', () => {
    expect(refusals(FrequencyCreateBodySchema, { frequency: 4, month: 13, year: 2026 })).toEqual([
      'frequency: Frequency must be 1 (Monthly), 2 (Every 2 months) or 3 (Quarterly)',
      'month: Month must be 1 to 12',
    ]);
  });

  it('refuses a new frequency in any status but NOT_RAISED', () => {
    expect(
      refusals(FrequencyCreateBodySchema, {
        frequency: 1,
        month: 1,
        year: 2026,
        approvalStatus: 'PENDING_APPROVAL',
      }),
    ).toEqual(['approvalStatus: A new frequency starts as NOT_RAISED']);
  });

  it('accepts a status PUT with a version and ignores the other fields docs/product.md#api sends', () => {
    expect(
      FrequencyUpdateBodySchema.parse({
        approvalStatus: 'PENDING_APPROVAL',
        version: 3,
        frequency: 1,
        month: 2,
        year: 2026,
      }),
    ).toEqual({ approvalStatus: 'PENDING_APPROVAL', version: 3 });
    expect(
      UnitUpdateBodySchema.parse({
        key: 'U1',
        name: 'Flat',
        tower: 'A',
        approvalStatus: 'APPROVED',
      }),
    ).toEqual({ approvalStatus: 'APPROVED' });
  });

  it('refuses a negative or fractional version', () => {
    expect(UnitUpdateBodySchema.safeParse({ version: -1 }).success).toBe(false);
    expect(UnitUpdateBodySchema.safeParse({ version: 1.5 }).success).toBe(false);
  });

  it('accepts 1 to 100 keys for bulk submit and counts a repeated key once', () => {
    expect(BulkSubmitBodySchema.parse({ keys: ['a', ' b ', 'a'] })).toEqual({ keys: ['a', 'b'] });
  });

  it('refuses an empty bulk submit, more than 100 keys and a blank key', () => {
    expect(refusals(BulkSubmitBodySchema, { keys: [] })).toEqual([
      'keys: Choose at least one to submit',
    ]);
    expect(
      refusals(BulkSubmitBodySchema, { keys: Array.from({ length: 101 }, (_, i) => `k${i}`) }),
    ).toEqual(['keys: Submit at most 100 at a time']);
    expect(refusals(BulkSubmitBodySchema, { keys: [' '] })).toEqual([
      'keys.0: Keys must not be empty',
    ]);
  });
});

describe('loan statement body', () => {
  it('accepts two YYYY-MM-DD dates and optional remarks', () => {
    expect(
      LoanStatementCreateBodySchema.parse({ fromDate: '2026-01-01', toDate: '2026-03-31' }),
    ).toEqual({ fromDate: '2026-01-01', toDate: '2026-03-31' });
  });

  it("refuses missing or empty dates with 'Start date is required' and 'End date is required'", () => {
    expect(refusals(LoanStatementCreateBodySchema, {})).toEqual([
      'fromDate: Start date is required',
      'toDate: End date is required',
    ]);
    expect(refusals(LoanStatementCreateBodySchema, { fromDate: '', toDate: ' ' })).toEqual([
      'fromDate: Start date is required',
      'toDate: End date is required',
    ]);
  });

  it('refuses a date that is not YYYY-MM-DD or does not exist', () => {
    expect(
      refusals(LoanStatementCreateBodySchema, { fromDate: '01/02/2026', toDate: '2026-02-30' }),
    ).toEqual(['fromDate: Use a YYYY-MM-DD date', 'toDate: Use a YYYY-MM-DD date']);
  });

  it('refuses an end date before the start date', () => {
    expect(
      refusals(LoanStatementCreateBodySchema, { fromDate: '2026-03-01', toDate: '2026-02-01' }),
    ).toEqual(['toDate: End date must be on or after the start date']);
  });
});

describe('administration bodies', () => {
  it('accepts a role change or disabling and refuses an unknown role', () => {
    expect(UserUpdateBodySchema.parse({ role: 'viewer', disabled: true })).toEqual({
      role: 'viewer',
      disabled: true,
    });
    expect(UserUpdateBodySchema.safeParse({ role: 'root' }).success).toBe(false);
  });

  it('refuses an account update with a blank name or a bad e-mail', () => {
    expect(refusals(AccountUpdateBodySchema, { name: ' ', email: 'x' })).toEqual([
      'name: Name is required',
      'email: Please Enter Valid Email Address',
    ]);
  });
});

describe('import records', () => {
  const unit = {
    key: ' U-1 ',
    projectKey: 'P-1',
    name: 'Flat A-101',
    tower: 'A',
    floor: 1,
    unit: 101,
    areaSqft: 1250.5,
    customerName: 'Asha Mehta',
    maxSellingPrice: 12345678.5,
    baseSellingPrice: '11000000.00',
    totalSaleValue: '12770678.50',
    amountToBeReceived: 0,
    selectedNoc: 'final',
  };

  it('stringifies tower, floor and unit, trims keys and normalises money and NOC', () => {
    expect(ImportUnitSchema.parse(unit)).toEqual({
      ...unit,
      key: 'U-1',
      floor: '1',
      unit: '101',
      areaSqft: '1250.5',
      maxSellingPrice: '12345678.5',
      baseSellingPrice: '11000000',
      totalSaleValue: '12770678.5',
      amountToBeReceived: '0',
      selectedNoc: 'Final',
    });
  });

  it('takes money as a JSON number or a decimal string and refuses anything else', () => {
    expect(MoneySchema.parse(250000000)).toBe('250000000');
    expect(MoneySchema.parse('-1234.50')).toBe('-1234.5');
    expect(refusals(MoneySchema, '12,34,567')).toEqual([': Must be a number or a decimal string']);
    expect(refusals(MoneySchema, null)).toEqual([': Must be a number or a decimal string']);
  });

  it('refuses a unit with a blank key, a missing name or an unknown NOC kind', () => {
    expect(
      refusals(ImportUnitSchema, { ...unit, key: '  ', name: undefined, selectedNoc: 'Maybe' }),
    ).toEqual([
      'key: Must be a non-empty key',
      'name: Name is required',
      expect.stringMatching(/^selectedNoc: /),
    ]);
  });

  it('upper-cases account keys wherever they appear', () => {
    const body = ImportBodySchema.parse({
      accounts: [{ key: 'acc1001', name: 'Mehta Constructions', email: 'asha@example.com' }],
      opportunities: [
        {
          key: 'OPP-1',
          accountId: 'acc1001',
          name: 'Construction Finance',
          sanctionAmount: 1,
          peakExposure: '2',
          currentFace: 3,
        },
      ],
      collaterals: [{ key: 'C-1', accountId: 'acc1001', collateralName: 'Skyline' }],
    });
    expect(body.accounts?.[0]?.key).toBe('ACC1001');
    expect(body.opportunities?.[0]?.accountId).toBe('ACC1001');
    expect(body.collaterals?.[0]?.accountId).toBe('ACC1001');
  });

  it('accepts an empty import and ignores unknown fields', () => {
    expect(ImportBodySchema.parse({ extra: true })).toEqual({});
  });

  it('refuses a record with a bad e-mail, naming its position', () => {
    expect(
      refusals(ImportBodySchema, { accounts: [{ key: 'A', name: 'A', email: 'nope' }] }),
    ).toEqual(['accounts.0.email: Please Enter Valid Email Address']);
  });
});
