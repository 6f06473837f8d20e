import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@portal/domain';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { seedBorrower, seedLoans, seedStaff, tokenFor } from '../../../test/factories.ts';
import { handleEvents } from '../../../test/events.ts';
import { latestMailTo } from '../../../test/mail.ts';

let t: TestApp;
let a: { token: string; accountKey: string; loans: Awaited<ReturnType<typeof seedLoans>> };
let b: { token: string; accountKey: string; loans: Awaited<ReturnType<typeof seedLoans>> };
let approverToken: string;

beforeAll(async () => {
  t = await createTestApp();
  const seed = async (opportunities: number) => {
    const { user, account } = await seedBorrower(t.db);
    const loans = await seedLoans(t.db, account.key, { opportunities, projects: 3 });
    return { token: await tokenFor(t.db, user.id), accountKey: account.key, loans };
  };
  a = await seed(23);
  b = await seed(2);
  approverToken = await tokenFor(t.db, (await seedStaff(t.db, 'approver')).id);
});
afterAll(() => t?.close());

const get = (url: string, token: string) =>
  t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
const postAs = (url: string, token: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}` } });

describe('GET /api/opportunities', () => {
  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/api/opportunities' })).statusCode).toBe(401);
  });

  it('pages a borrower’s own loans ten at a time with full meta', async () => {
    const first = await get('/api/opportunities', a.token);
    expect(first.statusCode).toBe(200);
    expect(first.json().meta).toEqual({
      count: 10,
      page: 1,
      perPage: 10,
      totalPages: 3,
      totalRecords: 23,
      next: expect.any(String),
    });
    // The cursor opens the next page, as page=2 does.
    const second = await get(
      `/api/opportunities?next=${encodeURIComponent(first.json().meta.next)}`,
      a.token,
    );
    expect(second.json().meta).toMatchObject({ count: 10, page: 2 });
    expect(second.json().opportunities[0].name).toBe('Loan 11');
    expect(first.json().opportunities[0]).toEqual({
      key: a.loans.opportunities[0]!.key,
      id: a.loans.opportunities[0]!.key,
      accountId: a.accountKey,
      accountName: `Account ${a.accountKey}`,
      name: 'Loan 1',
      sanctionAmount: '1000000.00',
      peakExposure: '500000.50',
      currentFace: '250000.25',
    });
    const last = await get('/api/opportunities?page=3', a.token);
    expect(last.json().meta).toMatchObject({ count: 3, page: 3, next: null });
    const beyond = await get('/api/opportunities?page=9', a.token);
    expect(beyond.json()).toMatchObject({
      opportunities: [],
      meta: { count: 0, totalRecords: 23 },
    });
  });

  it('never shows a borrower another account, even when asked', async () => {
    const res = await get(`/api/opportunities?accountId=${a.accountKey}`, b.token);
    expect(res.json().meta.totalRecords).toBe(2);
    expect(
      res.json().opportunities.every((o: { accountId: string }) => o.accountId === b.accountKey),
    ).toBe(true);
  });

  it('lets staff see all loans or filter by account', async () => {
    const all = await get('/api/opportunities?perPage=50', approverToken);
    expect(all.json().meta.totalRecords).toBe(25);
    const one = await get(
      `/api/opportunities?accountId=${b.accountKey.toLowerCase()}`,
      approverToken,
    );
    expect(one.json().meta.totalRecords).toBe(2);
  });

  it('refuses a bad page number with 400', async () => {
    const res = await get('/api/opportunities?page=0', a.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('page');
  });
});

describe('one loan and its projects', () => {
  it('answers the loan, its projects and one project to its owner', async () => {
    const key = a.loans.opportunities[0]!.key;
    expect((await get(`/api/opportunities/${key}`, a.token)).json().opportunity.key).toBe(key);
    const projects = await get(`/api/opportunities/${key}/projects`, a.token);
    expect(projects.json().projects).toHaveLength(3);
    expect(projects.json().meta).toMatchObject({ count: 3, next: null, totalRecords: 3 });
    const projectKey = projects.json().projects[1].key;
    const project = await get(`/api/opportunities/${key}/projects/${projectKey}`, a.token);
    expect(project.json()).toEqual({
      project: { key: projectKey, name: 'Project 2', opportunityKey: key },
    });
  });

  it('answers 404 for another borrower’s loan, projects and project', async () => {
    const key = a.loans.opportunities[0]!.key;
    const projectKey = a.loans.projects[0]!.key;
    for (const url of [
      `/api/opportunities/${key}`,
      `/api/opportunities/${key}/projects`,
      `/api/opportunities/${key}/projects/${projectKey}`,
      `/api/opportunities/${key}/loan-statement-requests`,
    ]) {
      const res = await get(url, b.token);
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('answers 404 for a project of a different loan', async () => {
    const res = await get(
      `/api/opportunities/${a.loans.opportunities[0]!.key}/projects/${a.loans.projects[5]!.key}`,
      a.token,
    );
    expect(res.statusCode).toBe(404);
  });
});

describe('loan statement requests', () => {
  const today = () => todayIn('Asia/Kolkata');
  const url = () => `/api/opportunities/${a.loans.opportunities[1]!.key}/loan-statement-requests`;

  it('needs both dates, with the spec’s messages', async () => {
    const noStart = await postAs(url(), a.token, { toDate: today() });
    expect(noStart.statusCode).toBe(400);
    expect(noStart.json().error.message).toContain('Start date is required');
    const noEnd = await postAs(url(), a.token, { fromDate: today() });
    expect(noEnd.json().error.message).toContain('End date is required');
  });

  it('refuses future dates, dates over 365 days back, and from after to', async () => {
    const cases = [
      { fromDate: today(), toDate: addDays(today(), 1) },
      { fromDate: addDays(today(), -366), toDate: today() },
      { fromDate: today(), toDate: addDays(today(), -1) },
    ];
    for (const body of cases) {
      const res = await postAs(url(), a.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('records a request and lists it to the borrower with its status', async () => {
    const body = {
      fromDate: addDays(today(), -365),
      toDate: today(),
      borrowerRemarks: 'For the auditors',
    };
    const created = await postAs(url(), a.token, body);
    expect(created.statusCode).toBe(201);
    expect(created.json().loanStatementRequest).toMatchObject({
      ...body,
      status: 'REQUESTED',
      downloadUrl: null,
    });
    const list = await get(url(), a.token);
    expect(list.json().loanStatementRequests).toHaveLength(1);
    expect(list.json().loanStatementRequests[0].id).toBe(created.json().loanStatementRequest.id);
  });

  it('lets staff attach the statement, which the borrower is told of and can download', async () => {
    const created = await postAs(url(), a.token, { fromDate: today(), toDate: today() });
    const id = created.json().loanStatementRequest.id as string;
    const bytes = Buffer.from('%PDF-1.4\n% statement\n%%EOF\n');
    const attach = (token: string) =>
      t.app.inject({
        method: 'PUT',
        url: `${url()}/${id}/statement?fileName=Statement%20Nov.pdf`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/pdf' },
        payload: bytes,
      });
    expect((await attach(a.token)).statusCode).toBe(403);
    const fulfilled = await attach(approverToken);
    expect(fulfilled.statusCode).toBe(200);
    expect(fulfilled.json().loanStatementRequest).toMatchObject({
      status: 'FULFILLED',
      fileName: 'Statement Nov.pdf',
    });
    expect((await attach(approverToken)).statusCode).toBe(409);

    const listed = (await get(url(), a.token)).json().loanStatementRequests as {
      id: string;
      downloadUrl: string | null;
    }[];
    const download = await t.app.inject({ url: listed.find((r) => r.id === id)!.downloadUrl! });
    expect(download.rawPayload.equals(bytes)).toBe(true);
    expect(download.headers['content-disposition']).toContain('Statement%20Nov.pdf');
    await handleEvents(t);
    const mail = await latestMailTo(t.db, `${a.accountKey.toLowerCase()}@borrower.example`);
    // The mail names the loan in words (issue 11), not by its key.
    expect(mail?.subject).toBe(
      `Your loan statement for ${a.loans.opportunities[1]!.name} is ready`,
    );
  });

  it('lets only the owning borrower ask: staff 403, another borrower 404', async () => {
    const body = { fromDate: today(), toDate: today() };
    expect((await postAs(url(), approverToken, body)).statusCode).toBe(403);
    expect((await postAs(url(), b.token, body)).statusCode).toBe(404);
  });
});
