import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';

/** The server's default outside production (apps/api/src/env.ts); CI may set its own. */
export const INTEGRATION_API_KEY = process.env.INTEGRATION_API_KEY ?? 'dev-integration-key';

/** Meets docs/product.md#roles's policy: 8+ characters with a letter, a digit and a symbol. */
export const STRONG_PASSWORD = 'Portal#2025';

export interface Borrower {
  accountId: string;
  email: string;
  name: string;
}

/**
 * A lender account nobody has signed up for yet, pushed through the import API
 * (docs/product.md#api). Each test gets its own, so none depends on another's leftovers
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
 * The six-digit code of the next mail to `to` in the dev outbox (docs/product.md#components).
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

/** Signs `borrower` up through the API (docs/product.md#api), for tests that start from an account. */
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
 * A collateral of `accountId` pushed through the import API (docs/product.md#api), with a
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
 * (docs/product.md#api). A new unit starts NOT_RAISED with no documents.
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
 * writes would otherwise need an Origin header (docs/product.md#roles).
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

/** The lender's time zone (docs/product.md#api); browsers in these tests share it. */
export const TIME_ZONE = 'Asia/Kolkata';

/** A phone's screen (docs/product.md#quality: usable at 390 px). */
export const PHONE = { width: 390, height: 844 };

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** docs/product.md#quality: no serious or critical axe violations, on every screen, for every role. */
export async function expectNoSeriousViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  const where = (v: (typeof serious)[number]) => v.nodes.map((n) => n.target.join(' ')).join(', ');
  expect(serious.map((v) => `${v.id}: ${v.help} at ${where(v)}`)).toEqual([]);
}

/** docs/product.md#quality: usable at phone width, so nothing may push the page sideways. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * Errors the page reports from now on: uncaught exceptions and console errors, which include
 * every Content-Security-Policy refusal ("Refused to load …").
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}

/** Signs `borrower` in within `page`'s context (its requests share the session cookie). */
export async function signInAsBorrower(
  page: Page,
  borrower: Borrower,
  baseURL: string,
  password = STRONG_PASSWORD,
): Promise<void> {
  const response = await page.request.post('/api/auth/signin', {
    data: { username: borrower.accountId, password },
    // docs/product.md#roles: cookie-carrying writes must come from the app's own origin.
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Where a demo staff member's signed-in state is kept for the run: `staff-sessions.setup.ts` signs
 * each in once with 'Continue With' and the development provider, and saves it there.
 */
export const staffSessionFile = (name: string) =>
  path.join(process.env.E2E_RUN_DIR!, 'sessions', `${name.replace(/\W+/g, '-')}.json`);

/**
 * A page of its own for a member of staff, signed in with 'Continue With' and the development
 * provider at `baseURL`: how the run's sessions are made, and how a spec with a server of its own
 * signs staff in there.
 */
export async function staffPageSigningIn(
  browser: Browser,
  baseURL: string,
  name: string,
): Promise<Page> {
  const context = await browser.newContext({ baseURL, timezoneId: TIME_ZONE });
  const page = await context.newPage();
  await page.goto('/');
  await continueWithDevProvider(page, name);
  await expect(page).toHaveURL(/\/checker$/);
  return page;
}

/**
 * A page of its own for a member of staff, in a context holding their session (signed in once
 * for the run), opened at the root; staff land on the NOC checker (docs/product.md#screens).
 */
export async function staffPage(
  browser: Browser,
  baseURL: string,
  name: string,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    timezoneId: TIME_ZONE,
    storageState: staffSessionFile(name),
    ...options,
  });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page).toHaveURL(/\/checker$/);
  return page;
}

/**
 * A one-page PDF whose page reads `text`, with a correct cross-reference table, so pdf.js draws
 * it as any viewer would. The server checks the magic bytes (docs/product.md#api). `producer`
 * names the program that wrote it (an editing program's name raises a fraud flag).
 */
export function onePagePdf(text: string, producer?: string): Buffer {
  const printable = text.replace(/[^\x20-\x7e]/g, '?').replace(/[()\\]/g, '\\$&');
  const content = `BT /F1 16 Tf 24 60 Td (${printable}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 140] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    ...(producer ? [`<< /Producer (${producer}) >>`] : []),
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = pdf.length;
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  const info = producer ? ` /Info ${objects.length} 0 R` : '';
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${info} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** A real PDF named `fileName`, its page reading the name (and when it was made, so each differs). */
export function pdfFile(fileName: string) {
  return {
    name: fileName,
    mimeType: 'application/pdf',
    buffer: onePagePdf(`${fileName} ${new Date().toISOString()}`),
  };
}

/** A real 48×24 PNG in one colour, named `fileName`. */
export function pngFile(fileName: string) {
  const width = 48;
  const height = 24;
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  // Each row: filter byte 0, then teal pixels.
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.alloc(width * 3, Buffer.from([11, 114, 133])),
  ]);
  return {
    name: fileName,
    mimeType: 'image/png',
    buffer: Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  };
}

/** A file as the browser and the API take it. */
export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * Adds a document to a unit or frequency (`filesPath`, e.g. `/api/units/KEY/files`) as its
 * borrower, through docs/product.md#api's three steps: declare, PUT the bytes to the presigned URL with
 * its headers, complete. With neither `file` nor `fileName` it is a remarks-only entry,
 * complete at once.
 */
export async function addDocument(
  request: APIRequestContext,
  token: string,
  filesPath: string,
  document: { fileType: string; fileName?: string; file?: UploadFile; borrowerRemarks: string },
): Promise<void> {
  const headers = { Authorization: `Bearer ${token}` };
  const file = document.file ?? (document.fileName ? pdfFile(document.fileName) : undefined);
  if (!file) {
    const created = await request.post(filesPath, {
      headers,
      data: { fileType: document.fileType, borrowerRemarks: document.borrowerRemarks },
    });
    expect(created.status(), await created.text()).toBe(201);
    return;
  }
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

/** docs/product.md#screens: a final NOC unit's seven slots, in panel order. */
export const FINAL_NOC_SLOTS = [
  { fileType: 'SHORTFALL_INFUSION_PROOF', label: 'Shortfall Infusion Proof' },
  { fileType: 'NOC_REQUEST_FINAL', label: 'NOC Request Final' },
  { fileType: 'KYC_CO_APPLICANT', label: 'Kyc Co-Applicant' },
  { fileType: 'CUSTOMER_LEDGER', label: 'Customer Ledger' },
  { fileType: 'KYC_APPLICANT', label: 'KYC Applicant' },
  { fileType: 'ATS_BBA', label: 'ATS/BBA' },
  { fileType: 'OTHER', label: 'Other' },
] as const;

/**
 * `unit` with all seven documents, submitted to the checker, through the API as its borrower
 * (docs/product.md#api). `files` gives some slots a file other than the default PDF.
 */
export async function submitFilledUnit(
  request: APIRequestContext,
  token: string,
  unit: NocUnit,
  files: Partial<Record<string, UploadFile>> = {},
): Promise<void> {
  for (const { fileType, label } of FINAL_NOC_SLOTS) {
    await addDocument(request, token, `/api/units/${unit.unitKey}/files`, {
      fileType,
      file: files[fileType] ?? pdfFile(`${fileType.toLowerCase()}.pdf`),
      borrowerRemarks: `${label} for the NOC`,
    });
  }
  const submitted = await request.post('/api/units/submit', {
    headers: { Authorization: `Bearer ${token}` },
    data: { keys: [unit.unitKey] },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
}

/**
 * A checker's review of a submitted unit through the API, in the signed-in `staff` page's
 * session: every document approved but `rejected`'s, rejected with `reason` as the remarks and
 * `code` as the reason code (ILLEGIBLE unless given); then the final Submit (docs/product.md#statuses), which makes
 * the unit REJECTED.
 */
export async function rejectUnit(
  staff: Page,
  baseURL: string,
  unit: NocUnit,
  rejected: { fileType: string; reason: string; code?: string },
): Promise<void> {
  const headers = { origin: baseURL };
  const files = await staff.request.get(`/api/units/${unit.unitKey}/files`);
  expect(files.status(), await files.text()).toBe(200);
  const { files: entries } = (await files.json()) as {
    files: { file: { key: string; fileType: string } }[];
  };
  for (const { file } of entries) {
    const isRejected = file.fileType === rejected.fileType;
    const reviewed = await staff.request.put(`/api/units/${unit.unitKey}/files/${file.key}`, {
      headers,
      data: {
        approvalStatus: isRejected ? 'REJECTED' : 'APPROVED',
        approverRemarks: isRejected ? rejected.reason : 'Verified against the original.',
        ...(isRejected && { rejectionReason: rejected.code ?? 'ILLEGIBLE' }),
      },
    });
    expect(reviewed.status(), await reviewed.text()).toBe(200);
  }
  const unitPath = `/api/projects/${unit.projectKey}/units/${unit.unitKey}`;
  const current = await staff.request.get(unitPath);
  const { version } = ((await current.json()) as { unit: { version: number } }).unit;
  const finalised = await staff.request.put(unitPath, {
    headers,
    data: { approvalStatus: 'REJECTED', version },
  });
  expect(finalised.status(), await finalised.text()).toBe(200);
}

/** The newest mail to `to` in the dev outbox whose subject matches, once it has left. */
export async function mailTo(
  request: APIRequestContext,
  to: string,
  subject: RegExp,
): Promise<DevMail> {
  let mail: DevMail | undefined;
  await expect
    .poll(
      async () => {
        mail = await latestMail(request, to);
        return mail?.subject ?? '';
      },
      { message: `a mail to ${to} about ${subject}`, timeout: 15_000 },
    )
    .toMatch(subject);
  return mail!;
}

/** The lender's "today" and a date `daysBack` before it, as YYYY-MM-DD (docs/product.md#api business time zone). */
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

/** The demo staff of the development identity provider (docs/product.md#components), by role. */
export const DEV_STAFF = {
  approver: 'Priya Nair',
  secondApprover: 'Rahul Menon',
  viewer: 'Vikram Rao',
  admin: 'Anita Desai',
} as const;

/** 'Continue With' on the sign-in screen, then the development provider's button for `name`. */
export async function continueWithDevProvider(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Continue With' }).click();
  await page.getByRole('button', { name: new RegExp(`^Continue as ${name}`) }).click();
}
