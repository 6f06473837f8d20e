import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import {
  addDocument,
  continueWithDevProvider,
  escapeRegExp,
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  PHONE,
  staffPage,
  TIME_ZONE,
  borrowerToken,
  businessDate,
  createFrequency,
  DEV_STAFF,
  importBorrower,
  importCollateral,
  importNocUnit,
  pdfFile,
  signUpBorrower,
  STRONG_PASSWORD,
  type Borrower,
} from './fixtures';

// docs/product.md#what-it-does, #screens, #roles, #roles, #api against the real server: the read-only files status
// screens a CRM user is linked to, user administration, and staff sending loan statements.

test.use({ timezoneId: TIME_ZONE });

const endsWith = (path: string) => new RegExp(`${escapeRegExp(path)}$`);

async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, timezoneId: TIME_ZONE });
  return context.newPage();
}

async function signInWithPassword(page: Page, username: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
}

/** A signed-up borrower whose unit has a file and a remarks-only entry, and whose frequency has a file. */
async function borrowerWithDocuments(request: APIRequestContext, baseURL: string) {
  const borrower = await importBorrower(request);
  await signUpBorrower(request, borrower);
  const unit = await importNocUnit(request, borrower);
  const collateral = await importCollateral(request, borrower.accountId);
  const token = await borrowerToken(baseURL, borrower);
  const unitFiles = `/api/units/${unit.unitKey}/files`;
  await addDocument(request, token, unitFiles, {
    fileType: 'KYC_APPLICANT',
    fileName: 'kyc-applicant.pdf',
    borrowerRemarks: 'PAN and Aadhaar',
  });
  // docs/product.md#api: remarks alone fill a slot but leave nothing to download.
  await addDocument(request, token, unitFiles, {
    fileType: 'OTHER',
    borrowerRemarks: 'Sent by courier',
  });
  const frequency = await createFrequency(request, token, collateral.key);
  await addDocument(request, token, `/api/frequencies/${frequency.key}/files`, {
    fileType: 'SALES_MIS',
    fileName: 'sales-mis.pdf',
    borrowerRemarks: 'Sales for the month',
  });
  return {
    borrower,
    unitLink: {
      path: `/projects/${unit.projectKey}/units/${unit.unitKey}`,
      title: unit.projectName,
      uploaded: { label: 'KYC Applicant', fileName: 'kyc-applicant.pdf' },
      rows: 8,
    },
    frequencyLink: {
      path: `/collaterals/${collateral.key}/frequencies/${frequency.key}`,
      title: collateral.collateralName,
      uploaded: { label: 'Sales MIS', fileName: 'sales-mis.pdf' },
      rows: 15,
    },
  };
}

type ReadOnlyLink = Awaited<ReturnType<typeof borrowerWithDocuments>>['unitLink'];

/** docs/product.md#screens: every type of the set, Download for the uploaded one, 'No File Uploaded' for the rest. */
async function expectFiles(page: Page, link: ReadOnlyLink) {
  await expect(page.getByRole('heading', { level: 1, name: link.title })).toBeVisible();
  const table = page.getByRole('table', { name: 'Uploaded files' });
  await expect(table.getByRole('row')).toHaveCount(link.rows + 1);
  await expect(table.getByText('No File Uploaded')).toHaveCount(link.rows - 1);

  const row = table.getByRole('row', { name: new RegExp(`^${link.uploaded.label}`) });
  await expect(row).toContainText(link.uploaded.fileName);
  const download = row.getByRole('link', { name: /^Download/ });
  await expect(download).toHaveAttribute('target', '_blank');
  await expect(download).toHaveAttribute('rel', /noopener/);
  const response = await page.request.get((await download.getAttribute('href'))!);
  expect(response.status()).toBe(200);
  expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
}

test('a CRM viewer given read-only links signs in with Continue With and lands back on each', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { unitLink, frequencyLink } = await borrowerWithDocuments(request, baseURL!);

  for (const link of [unitLink, frequencyLink]) {
    // A fresh browser each time: signed out of the portal and of the identity provider.
    const viewer = await newPage(browser, baseURL!);
    await viewer.goto(link.path);
    await expect(viewer.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    await expect(viewer).toHaveURL(/\/$/);

    await continueWithDevProvider(viewer, DEV_STAFF.viewer);
    await expect(viewer).toHaveURL(endsWith(link.path));
    await expectFiles(viewer, link);
    await expectNoSeriousViolations(viewer);

    // docs/product.md#screens: the header's logout icon signs out and goes to /logout.
    await viewer.getByRole('button', { name: 'Logout' }).click();
    await expect(viewer).toHaveURL(/\/logout$/);
    await viewer.context().close();
  }
});

test('the owning borrower opens their links after signing in; another borrower is told not found', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { borrower, unitLink, frequencyLink } = await borrowerWithDocuments(request, baseURL!);

  await page.goto(unitLink.path);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  await signInWithPassword(page, borrower.accountId);
  await expect(page).toHaveURL(endsWith(unitLink.path));
  await expectFiles(page, unitLink);

  await page.setViewportSize(PHONE);
  await page.goto(frequencyLink.path);
  await expectFiles(page, frequencyLink);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);

  // docs/product.md#api: another borrower's set is a 404, shown without any of its data.
  const other: Borrower = await importBorrower(request);
  await signUpBorrower(request, other);
  const stranger = await newPage(browser, baseURL!);
  await stranger.goto(unitLink.path);
  await signInWithPassword(stranger, other.accountId);
  await expect(stranger.getByRole('heading', { level: 1, name: 'Files not found' })).toBeVisible();
  await expect(stranger.getByText(unitLink.title)).toHaveCount(0);
  await expect(stranger.getByRole('table')).toHaveCount(0);
  await stranger.goto(frequencyLink.path);
  await expect(stranger.getByRole('heading', { level: 1, name: 'Files not found' })).toBeVisible();
  await expect(stranger.getByText(frequencyLink.title)).toHaveCount(0);
  await stranger.context().close();
});

/** The users table's row for `username`, found with the search box. */
async function findUser(admin: Page, username: string): Promise<Locator> {
  await admin.getByRole('textbox', { name: 'Search users' }).fill(username);
  const row = admin
    .getByRole('region', { name: 'Users' })
    .getByRole('row')
    .filter({ has: admin.getByRole('rowheader', { name: username, exact: true }) });
  await expect(row).toHaveCount(1);
  return row;
}

async function sessionRole(page: Page): Promise<string> {
  const response = await page.request.get('/api/auth/session');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { user: { role: string } }).user.role;
}

test('an admin changes a staff role and disables and re-enables a borrower', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // The viewer has signed in once, so there is a user to manage.
  const viewer = await staffPage(browser, baseURL!, DEV_STAFF.viewer);
  const viewerName = 'viewer@lender.example';

  const borrower = await importBorrower(request);
  await signUpBorrower(request, borrower);
  await page.goto('/');
  await signInWithPassword(page, borrower.accountId);
  await expect(page).toHaveURL(/\/opportunities$/);

  // Others are told the screen is for admins, and have no way there in the header.
  await viewer.goto('/admin/users');
  await expect(viewer.getByRole('heading', { level: 1, name: 'Admins only' })).toBeVisible();
  await expect(viewer.getByRole('link', { name: 'Administration' })).toHaveCount(0);

  const admin = await staffPage(browser, baseURL!, DEV_STAFF.admin);
  await admin.getByRole('link', { name: 'Administration' }).click();
  await expect(admin).toHaveURL(/\/admin\/users$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
  await expect(admin.getByRole('heading', { level: 2, name: 'Failed deliveries' })).toBeVisible();
  await expect(admin.getByText('No failed deliveries')).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Users' })).toBeVisible();
  await expectNoSeriousViolations(admin);

  // The admin's own row cannot be changed here (the API would refuse with 409).
  const own = await findUser(admin, 'admin@lender.example');
  await expect(own.getByRole('button', { name: 'Disable admin@lender.example' })).toBeDisabled();
  await expect(own.getByRole('combobox')).toBeDisabled();
  await expect(own.getByText('This is you.', { exact: false })).toBeVisible();

  // Promote the viewer: their open session has the new role at once (docs/product.md#api).
  let row = await findUser(admin, viewerName);
  const role = row.getByRole('combobox', { name: `Role of ${viewerName}` });
  await role.selectOption('approver');
  await expect(admin.getByText(`${viewerName} is now Approver.`)).toBeVisible();
  await expect(role).toHaveValue('approver');
  expect(await sessionRole(viewer)).toBe('approver');
  await role.selectOption('viewer');
  await expect(admin.getByText(`${viewerName} is now Viewer.`)).toBeVisible();
  await expect(role).toHaveValue('viewer');
  expect(await sessionRole(viewer)).toBe('viewer');

  // Disable the borrower, after a confirmation: their next call lands them on sign-in.
  row = await findUser(admin, borrower.accountId);
  await row.getByRole('button', { name: `Disable ${borrower.accountId}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Disable ${borrower.accountId}?` });
  await expect(dialog).toContainText('their sessions end at once');
  await expectNoSeriousViolations(admin);
  await dialog.getByRole('button', { name: 'Disable' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Disabled');

  await page.getByRole('link', { name: 'Unit Status' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const refused = await page.request.post('/api/auth/signin', {
    data: { username: borrower.accountId, password: STRONG_PASSWORD },
  });
  expect(refused.status()).toBe(403);

  // Enable again: the borrower signs in and is taken back where they were.
  await row.getByRole('button', { name: `Enable ${borrower.accountId}` }).click();
  await expect(row).toContainText('Active');
  await signInWithPassword(page, borrower.accountId);
  await expect(page).toHaveURL(/\/unitstatus$/);

  await admin.setViewportSize(PHONE);
  await expectNoSidewaysScroll(admin);
  await Promise.all([viewer.context().close(), admin.context().close()]);
});

test('an approver attaches a statement; the borrower then downloads it', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const borrower = await importBorrower(request);
  await signUpBorrower(request, borrower);
  const { opportunityKey } = await importNocUnit(request, borrower);
  const token = await borrowerToken(baseURL!, borrower);
  const requested = await request.post(
    `/api/opportunities/${opportunityKey}/loan-statement-requests`,
    {
      headers: { Authorization: `Bearer ${token}` },
      data: { fromDate: businessDate(30), toDate: businessDate(), borrowerRemarks: 'For audit' },
    },
  );
  expect(requested.status(), await requested.text()).toBe(201);
  const statementPage = `/opportunities/${opportunityKey}/loan-statement-requests`;

  const approver = await staffPage(browser, baseURL!, DEV_STAFF.approver);
  await approver.goto(statementPage);
  let requests = approver.getByRole('region', { name: 'Earlier requests' });
  await expect(requests).toContainText('REQUESTED');
  await expectNoSeriousViolations(approver);
  const chooser = approver.waitForEvent('filechooser');
  await requests.getByRole('button', { name: /^Attach statement for / }).click();
  await (await chooser).setFiles(pdfFile('statement.pdf'));
  await expect(approver.getByText('Statement sent')).toBeVisible();
  await expect(requests).toContainText('FULFILLED');
  await expect(requests.getByRole('button', { name: /^Attach statement/ })).toHaveCount(0);
  await approver.context().close();

  await page.goto('/');
  await signInWithPassword(page, borrower.accountId);
  await expect(page).toHaveURL(/\/opportunities$/);
  await page.goto(statementPage);
  requests = page.getByRole('region', { name: 'Earlier requests' });
  await expect(requests).toContainText('FULFILLED');
  const download = requests.getByRole('link', { name: /^Download the statement/ });
  const response = await page.request.get((await download.getAttribute('href'))!);
  expect(response.status()).toBe(200);
  expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
