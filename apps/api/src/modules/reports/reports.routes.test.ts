import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REJECTION_REASONS } from '@portal/domain';
import { rejectionReason, reviewDecisions } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { seedBorrower, seedStaff, tokenFor } from '../../../test/factories.ts';

let t: TestApp;
let tokens: Record<'client' | 'approver' | 'viewer' | 'admin', string>;

type Row = typeof reviewDecisions.$inferInsert;
const HOUR = 3600;
const DAY = 24 * HOUR;

/** Instants written in India's time (the default business time zone, +05:30). */
const ist = (local: string) => new Date(`${local}+05:30`);
const fileRejection = (at: string, kind: string, fileType: string, reason: string): Row => ({
  at: ist(at),
  kind,
  subject: 'file',
  parentKey: `${kind}-1`,
  fileType,
  accountKey: 'ACC-REPORT',
  outcome: 'REJECTED',
  rejectionReason: reason as Row['rejectionReason'],
});
const setDecision = (at: string, kind: string, waitedSeconds: number): Row => ({
  at: ist(at),
  kind,
  subject: 'set',
  parentKey: `${kind}-1`,
  accountKey: 'ACC-REPORT',
  outcome: 'APPROVED',
  submittedAt: new Date(ist(at).getTime() - waitedSeconds * 1000),
});

beforeAll(async () => {
  t = await createTestApp();
  const { user } = await seedBorrower(t.db);
  tokens = {
    client: await tokenFor(t.db, user.id),
    approver: await tokenFor(t.db, (await seedStaff(t.db, 'approver')).id),
    viewer: await tokenFor(t.db, (await seedStaff(t.db, 'viewer')).id),
    admin: await tokenFor(t.db, (await seedStaff(t.db, 'admin')).id),
  };
  await t.db.insert(reviewDecisions).values([
    // March 2025 in India's days: from 1 March 00:00 to 31 March 23:59:59.
    fileRejection('2025-03-01T00:10:00', 'unit', 'CUSTOMER_LEDGER', 'ILLEGIBLE'),
    fileRejection('2025-03-10T12:00:00', 'unit', 'CUSTOMER_LEDGER', 'ILLEGIBLE'),
    fileRejection('2025-03-11T12:00:00', 'unit', 'CUSTOMER_LEDGER', 'ILLEGIBLE'),
    fileRejection('2025-03-12T12:00:00', 'unit', 'CUSTOMER_LEDGER', 'EXPIRED'),
    fileRejection('2025-03-15T09:00:00', 'unit', 'KYC_APPLICANT', 'EXPIRED'),
    fileRejection('2025-03-16T09:00:00', 'unit', 'KYC_APPLICANT', 'EXPIRED'),
    fileRejection('2025-03-31T23:59:00', 'frequency', 'BANK_STATEMENT', 'UNSIGNED'),
    // Outside March in India, though inside it in UTC (28 Feb 23:50 IST is 18:20 UTC; 1 April
    // 00:00 IST is 31 March 18:30 UTC).
    fileRejection('2025-02-28T23:50:00', 'unit', 'CUSTOMER_LEDGER', 'OTHER'),
    fileRejection('2025-04-01T00:00:00', 'frequency', 'BANK_STATEMENT', 'OTHER'),
    // Approvals of files are no rejections.
    { ...fileRejection('2025-03-05T10:00:00', 'unit', 'OTHER', 'OTHER'), outcome: 'APPROVED' },
    { ...fileRejection('2025-03-05T10:00:00', 'unit', 'ATS_BBA', 'OTHER'), outcome: 'APPROVED' },
    // Units waited 1 hour, 3 hours, 2 days 4 hours: the median is 3 hours.
    setDecision('2025-03-03T10:00:00', 'unit', HOUR),
    setDecision('2025-03-04T10:00:00', 'unit', 3 * HOUR),
    { ...setDecision('2025-03-05T10:00:00', 'unit', 2 * DAY + 4 * HOUR), outcome: 'REJECTED' },
    // Frequencies waited 1 and 2 days: the median is a day and a half.
    setDecision('2025-03-06T10:00:00', 'frequency', DAY),
    setDecision('2025-03-07T10:00:00', 'frequency', 2 * DAY),
    // Decided in April: not in March's figures.
    setDecision('2025-04-02T10:00:00', 'unit', 90 * DAY),
  ]);
});
afterAll(() => t?.close());

const report = (token: string | undefined, query: string) =>
  t.app.inject({
    url: `/api/reports/rejections${query}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('GET /api/reports/rejections', () => {
  it('counts March’s file rejections by reason, by file type and both, in India’s days', async () => {
    const res = await report(tokens.approver, '?from=2025-03-01&to=2025-03-31');
    expect(res.statusCode).toBe(200);
    const { report: body } = res.json();
    expect(body.totalRejections).toBe(7);
    expect(body.byReason).toEqual([
      { reason: 'ILLEGIBLE', count: 3 },
      { reason: 'EXPIRED', count: 3 },
      { reason: 'WRONG_DOCUMENT', count: 0 },
      { reason: 'DETAILS_MISMATCH', count: 0 },
      { reason: 'INCOMPLETE', count: 0 },
      { reason: 'UNSIGNED', count: 1 },
      { reason: 'OTHER', count: 0 },
    ]);
    expect(body.byFileType).toEqual([
      {
        kind: 'unit',
        fileType: 'CUSTOMER_LEDGER',
        count: 4,
        byReason: [
          { reason: 'ILLEGIBLE', count: 3 },
          { reason: 'EXPIRED', count: 1 },
        ],
      },
      {
        kind: 'unit',
        fileType: 'KYC_APPLICANT',
        count: 2,
        byReason: [{ reason: 'EXPIRED', count: 2 }],
      },
      {
        kind: 'frequency',
        fileType: 'BANK_STATEMENT',
        count: 1,
        byReason: [{ reason: 'UNSIGNED', count: 1 }],
      },
    ]);
  });

  it('gives the median time from submission to the final decision per kind of set', async () => {
    const { report: body } = (await report(tokens.admin, '?from=2025-03-01&to=2025-03-31')).json();
    expect(body.decisionTimes).toEqual([
      { kind: 'unit', decisions: 3, medianSeconds: 3 * HOUR },
      { kind: 'frequency', decisions: 2, medianSeconds: 1.5 * DAY },
    ]);
  });

  it('covers whole days: one day alone, and a period without decisions', async () => {
    const firstOfMarch = (await report(tokens.approver, '?from=2025-03-01&to=2025-03-01')).json();
    expect(firstOfMarch.report.totalRejections).toBe(1);
    const lastOfFebruary = (await report(tokens.approver, '?from=2025-02-28&to=2025-02-28')).json();
    expect(
      lastOfFebruary.report.byReason.find((r: { reason: string }) => r.reason === 'OTHER'),
    ).toEqual({ reason: 'OTHER', count: 1 });
    const empty = (await report(tokens.approver, '?from=2024-01-01&to=2024-12-31')).json();
    expect(empty.report).toEqual({
      from: '2024-01-01',
      to: '2024-12-31',
      totalRejections: 0,
      byReason: REJECTION_REASONS.map((reason) => ({ reason, count: 0 })),
      byFileType: [],
      decisionTimes: [
        { kind: 'unit', decisions: 0, medianSeconds: null },
        { kind: 'frequency', decisions: 0, medianSeconds: null },
      ],
    });
  });

  it('answers bad dates with a clear 400', async () => {
    const refusals = {
      '': 'from is required (YYYY-MM-DD)',
      '?from=2025-03-01': 'to is required (YYYY-MM-DD)',
      '?from=2025-02-30&to=2025-03-31': 'Use a YYYY-MM-DD date',
      '?from=03/01/2025&to=2025-03-31': 'Use a YYYY-MM-DD date',
      '?from=2025-03-31&to=2025-03-01': 'to must be on or after from',
    };
    for (const [query, message] of Object.entries(refusals)) {
      const res = await report(tokens.approver, query);
      expect([query, res.statusCode, res.json().error.code]).toEqual([
        query,
        400,
        'VALIDATION_FAILED',
      ]);
      expect(res.json().error.message).toContain(message);
    }
  });

  it('is for approvers and admins: borrowers and viewers 403, no session 401', async () => {
    const query = '?from=2025-03-01&to=2025-03-31';
    expect((await report(undefined, query)).statusCode).toBe(401);
    expect((await report(tokens.client, query)).statusCode).toBe(403);
    expect((await report(tokens.viewer, query)).statusCode).toBe(403);
    expect((await report(tokens.approver, query)).statusCode).toBe(200);
    expect((await report(tokens.admin, query)).statusCode).toBe(200);
  });
});

it('the domain’s reason codes are the database enum’s', () => {
  expect([...REJECTION_REASONS]).toEqual(rejectionReason.enumValues);
});
