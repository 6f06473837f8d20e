import { createHash, randomBytes } from 'node:crypto';
import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Page,
} from '@playwright/test';

/** The server's default outside production (apps/api/src/env.ts); CI may set its own. */
const INTEGRATION_API_KEY = process.env.INTEGRATION_API_KEY ?? 'dev-integration-key';

/** Meets DESIGN §3's policy: 8+ characters with a letter, a digit and a symbol. */
export const STRONG_PASSWORD = 'Portal#2025';

export interface Borrower {
  accountId: string;
  email: string;
  name: string;
}

/**
 * A lender account nobody has signed up for yet, pushed through the import API
 * (DESIGN §4). Each test gets its own, so none depends on another's leftovers
 * or on the two demo accounts, which other specs use.
 */
export async function importBorrower(request: APIRequestContext): Promise<Borrower> {
  const suffix = randomBytes(4).toString('hex').toUpperCase();
  const borrower = {
    accountId: `E2E${suffix}`,
    email: `e2e-${suffix.toLowerCase()}@example.com`,
    name: `E2E Borrower ${suffix}`,
  };
  const response = await request.post('/api/import', {
    headers: { Authorization: `Bearer ${INTEGRATION_API_KEY}` },
    data: { accounts: [{ key: borrower.accountId, name: borrower.name, email: borrower.email }] },
  });
  expect(response.status(), await response.text()).toBe(200);
  return borrower;
}

interface DevMail {
  id: string;
  subject: string;
  text: string;
}

async function latestMail(request: APIRequestContext, to: string): Promise<DevMail | undefined> {
  const response = await request.get('/dev/mail/latest.json', { params: { to } });
  if (response.status() === 404) return undefined;
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as DevMail;
}

/** The id of the newest mail to `to`, to tell the next one from it. */
export async function latestMailId(
  request: APIRequestContext,
  to: string,
): Promise<string | undefined> {
  return (await latestMail(request, to))?.id;
}

/**
 * The six-digit code of the next mail to `to` in the dev outbox (DESIGN §2).
 * Mail leaves through the outbox worker after the request, so this waits for it.
 */
export async function nextCode(
  request: APIRequestContext,
  to: string,
  previousMailId?: string,
): Promise<string> {
  let mail: DevMail | undefined;
  await expect
    .poll(
      async () => {
        mail = await latestMail(request, to);
        return mail !== undefined && mail.id !== previousMailId;
      },
      { message: `a new mail to ${to} in the dev outbox`, timeout: 15_000 },
    )
    .toBe(true);
  const code = /\b(\d{6})\b/.exec(mail!.text)?.[1];
  expect(code, `a six-digit code in: ${mail!.text}`).toBeDefined();
  return code!;
}

/** Signs `borrower` up through the API (DESIGN §4), for tests that start from an account. */
export async function signUpBorrower(
  request: APIRequestContext,
  borrower: Borrower,
  password = STRONG_PASSWORD,
): Promise<void> {
  const signup = await request.post('/api/auth/signup', {
    data: { accountId: borrower.accountId, email: borrower.email, password },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const code = await nextCode(request, borrower.email);
  const confirm = await request.post('/api/auth/signup/confirm', {
    data: { accountId: borrower.accountId, code },
  });
  expect(confirm.status(), await confirm.text()).toBe(200);
}

export interface ImportedCollateral {
  key: string;
  collateralName: string;
}

/**
 * A collateral of `accountId` pushed through the import API (DESIGN §4), with a
 * name no other test uses, so its frequencies are this test's alone.
 */
export async function importCollateral(
  request: APIRequestContext,
  accountId: string,
): Promise<ImportedCollateral> {
  const suffix = randomBytes(4).toString('hex').toUpperCase();
  const collateral = { key: `COL-E2E-${suffix}`, collateralName: `E2E Collateral ${suffix}` };
  const response = await request.post('/api/import', {
    headers: { Authorization: `Bearer ${INTEGRATION_API_KEY}` },
    data: { collaterals: [{ ...collateral, accountId }] },
  });
  expect(response.status(), await response.text()).toBe(200);
  return collateral;
}

export interface NocUnit {
  opportunityKey: string;
  projectKey: string;
  projectName: string;
  unitKey: string;
  unitName: string;
}

/**
 * A loan with one project and one unit (a final NOC) for `borrower`, through the import API
 * (DESIGN §4). A new unit starts NOT_RAISED with no documents.
 */
export async function importNocUnit(
  request: APIRequestContext,
  borrower: Borrower,
): Promise<NocUnit> {
  const suffix = borrower.accountId.slice(3);
  const unit: NocUnit = {
    opportunityKey: `OPP-${suffix}`,
    projectKey: `PRJ-${suffix}`,
    projectName: `E2E Heights ${suffix}`,
    unitKey: `UNIT-${suffix}`,
    unitName: `Flat E-${suffix}`,
  };
  const response = await request.post('/api/import', {
    headers: { Authorization: `Bearer ${INTEGRATION_API_KEY}` },
    data: {
      opportunities: [
        {
          key: unit.opportunityKey,
          accountId: borrower.accountId,
          name: `E2E Construction Finance ${suffix}`,
          sanctionAmount: 100_000_000,
          peakExposure: 60_000_000,
          currentFace: 45_000_000,
        },
      ],
      projects: [
        { key: unit.projectKey, opportunityKey: unit.opportunityKey, name: unit.projectName },
      ],
      units: [
        {
          key: unit.unitKey,
          projectKey: unit.projectKey,
          name: unit.unitName,
          tower: 'E',
          floor: '3',
          unit: 'E-301',
          areaSqft: 1100,
          customerName: 'Meera Iyer',
          maxSellingPrice: 9_800_000,
          baseSellingPrice: 9_150_000,
          totalSaleValue: 10_225_000.5,
          amountToBeReceived: 3_430_000,
          selectedNoc: 'Final',
        },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return unit;
}

/**
 * Signs `borrower` in through the API and answers the bearer token, to set up data as them.
 * A throwaway context keeps the session cookie out of the caller's, whose cookie-carrying
 * writes would otherwise need an Origin header (DESIGN §3).
 */
export async function borrowerToken(
  baseURL: string,
  borrower: Borrower,
  password = STRONG_PASSWORD,
): Promise<string> {
  const context = await playwrightRequest.newContext({ baseURL });
  try {
    const response = await context.post('/api/auth/signin', {
      data: { username: borrower.accountId, password },
    });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { token: string }).token;
  } finally {
    await context.dispose();
  }
}

/** A small but real PDF named `fileName`: the server checks the magic bytes (DESIGN §4). */
export function pdfFile(fileName: string) {
  return {
    name: fileName,
    mimeType: 'application/pdf',
    buffer: Buffer.from(
      `%PDF-1.4\n% ${fileName} ${Date.now()}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    ),
  };
}

/**
 * Adds a document to a unit or frequency (`filesPath`, e.g. `/api/units/KEY/files`) as its
 * borrower, through DESIGN §4's three steps: declare, PUT the bytes to the presigned URL with
 * its headers, complete. Without `fileName` it is a remarks-only entry, complete at once.
 */
export async function addDocument(
  request: APIRequestContext,
  token: string,
  filesPath: string,
  document: { fileType: string; fileName?: string; borrowerRemarks: string },
): Promise<void> {
  const headers = { Authorization: `Bearer ${token}` };
  if (!document.fileName) {
    const created = await request.post(filesPath, {
      headers,
      data: { fileType: document.fileType, borrowerRemarks: document.borrowerRemarks },
    });
    expect(created.status(), await created.text()).toBe(201);
    return;
  }
  const file = pdfFile(document.fileName);
  const created = await request.post(filesPath, {
    headers,
    data: {
      fileType: document.fileType,
      fileName: file.name,
      fileHash: createHash('sha256').update(file.buffer).digest('hex'),
      size: file.buffer.length,
      contentType: file.mimeType,
      borrowerRemarks: document.borrowerRemarks,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { file: entry, meta } = (await created.json()) as {
    file: { key: string };
    meta: { presignedUrl: string; uploadHeaders?: Record<string, string> };
  };
  const put = await request.put(meta.presignedUrl, {
    headers: { ...meta.uploadHeaders, 'content-type': file.mimeType },
    data: file.buffer,
  });
  expect(put.status(), await put.text()).toBeLessThan(300);
  const completed = await request.post(`${filesPath}/${entry.key}/complete`, { headers });
  expect(completed.status(), await completed.text()).toBe(200);
}

/** The lender's "today" and a date `daysBack` before it, as YYYY-MM-DD (DESIGN §4 business time zone). */
export function businessDate(daysBack = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(
    new Date(Date.now() - daysBack * 24 * 60 * 60 * 1000),
  );
}

/** A monthly frequency for last month (surely not in the future) of the borrower's collateral. */
export async function createFrequency(
  request: APIRequestContext,
  token: string,
  collateralKey: string,
): Promise<{ key: string }> {
  const [year, month] = businessDate().split('-').map(Number) as [number, number];
  const response = await request.post(`/api/collaterals/${collateralKey}/frequencies`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      frequency: 1,
      month: month === 1 ? 12 : month - 1,
      year: month === 1 ? year - 1 : year,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { frequency: { key: string } }).frequency;
}

/** The demo staff of the development identity provider (DESIGN §2), by role. */
export const DEV_STAFF = {
  approver: 'Priya Nair',
  viewer: 'Vikram Rao',
  admin: 'Anita Desai',
} as const;

/** 'Continue With' on the sign-in screen, then the development provider's button for `name`. */
export async function continueWithDevProvider(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Continue With' }).click();
  await page.getByRole('button', { name: new RegExp(`^Continue as ${name}`) }).click();
}
