import { expect, test } from '@playwright/test';
import {
  escapeRegExp,
  expectNoSeriousViolations,
  importBorrower,
  importNocUnit,
  nextCode,
  pdfFile,
  STRONG_PASSWORD,
  TIME_ZONE,
} from './fixtures';

// The whole borrower flow in Hindi against the real server: the language is chosen on the
// sign-in page, then sign-up, the e-mailed code, sign-in, the loans, a project's units and a
// unit's document panel, where the seven documents go in and the NOC request goes to the checker.

test.use({ timezoneId: TIME_ZONE });

test('a borrower signs up and requests a NOC entirely in Hindi', async ({ page, request }) => {
  test.setTimeout(180_000);
  const borrower = await importBorrower(request);
  const unit = await importNocUnit(request, borrower);
  const loanName = `E2E Construction Finance ${borrower.accountId.slice(3)}`;

  // The sign-in page, switched to Hindi from its header.
  await page.goto('/');
  await page.getByRole('button', { name: 'हिन्दी' }).click();
  await expect(page.getByRole('heading', { name: 'साइन इन' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('button', { name: 'English' })).toBeVisible();

  // Sign-up: the account id, then the e-mail and a password.
  await page.getByRole('link', { name: 'साइन अप' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('heading', { name: 'साइन अप' })).toBeVisible();
  await page.getByLabel('अकाउंट आईडी').fill(borrower.accountId);
  await page.getByRole('button', { name: 'सबमिट करें' }).click();
  await expect(page.getByText(/^खाताधारक:/)).toBeVisible();
  await page.getByLabel('ई-मेल').fill(borrower.email);
  await page.getByLabel('पासवर्ड बनाएँ').fill(STRONG_PASSWORD);
  await page.getByLabel('पासवर्ड दोबारा दर्ज करें').fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'सबमिट करें' }).click();

  // The code from the e-mail; the last digit submits it.
  await expect(page).toHaveURL(/\/verification$/);
  await expect(page.getByRole('heading', { name: 'अपना ई-मेल सत्यापित करें' })).toBeVisible();
  await expect(page.getByText('छह अंकों का कोड आपके ई-मेल पते पर भेजा गया है')).toBeVisible();
  const code = await nextCode(request, borrower.email);
  await page.getByLabel('6 में से अंक 1').pressSequentially(code);

  await expect(page).toHaveURL(/\/Thankyou$/);
  await expect(page.getByRole('heading', { name: 'धन्यवाद' })).toBeVisible();
  await page.getByRole('link', { name: 'यहाँ क्लिक करें' }).click();

  // Sign-in.
  await expect(page.getByRole('heading', { name: 'साइन इन' })).toBeVisible();
  await page.getByLabel('यूज़रनेम').fill(borrower.accountId);
  await page.getByLabel('पासवर्ड', { exact: true }).fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'सबमिट करें' }).click();

  // The loans: Request NOC on the new loan.
  await expect(page).toHaveURL(/\/opportunities$/);
  await expect(page.getByRole('heading', { name: 'खाते की जानकारी' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'लॉग आउट' })).toBeVisible();
  const loans = page.getByRole('table', { name: 'आपके लोन' });
  // Amounts keep Indian grouping and Latin digits in Hindi too.
  await expect(loans).toContainText('₹10,00,00,000.00');
  await page.getByRole('combobox', { name: `${loanName} के लिए सेवा/अन्य अनुरोध` }).click();
  await page.getByRole('option', { name: 'NOC का अनुरोध करें' }).click();
  await page.getByRole('button', { name: `आगे बढ़ें: ${loanName}` }).click();

  // The loan's projects: choosing one opens its units.
  await expect(page).toHaveURL(new RegExp(`/opportunities/${unit.opportunityKey}/projects$`));
  await expect(page.getByText(`लोन: ${loanName}`)).toBeVisible();
  await page.getByRole('combobox', { name: 'प्रोजेक्ट चुनें' }).click();
  await page.getByRole('option', { name: unit.projectName }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${unit.projectKey}/units$`));
  const units = page.getByRole('table', { name: 'यूनिट' });
  await expect(units).toContainText('₹98,00,000.00');
  await expect(units.getByRole('columnheader', { name: 'ग्राहक का नाम' })).toBeVisible();

  // The unit's document panel.
  await page
    .getByRole('button', { name: new RegExp(`, ${escapeRegExp(unit.unitName)} के दस्तावेज़$`) })
    .click();
  const panel = page.getByRole('dialog', { name: /दस्तावेज़ अपलोड/ });
  await expect(panel).toContainText('स्वीकृति के लिए भेजने से पहले कृपया नीचे दिए गए ज़रूरी दस्तावेज़ अपलोड करें।');
  await expect(panel.getByText('स्थिति:')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'इतिहास' })).toBeVisible();
  await expectNoSeriousViolations(page);

  // The seven documents, each into the first empty slot, opened if it is not.
  const emptySlots = panel.getByRole('button', { name: /फ़ाइल नहीं$/ });
  await expect(emptySlots).toHaveCount(7);
  const submitRegion = panel.getByRole('region', { name: 'चेकर को भेजें' });
  for (let left = 7; left > 0; left--) {
    await expect(submitRegion).toHaveCount(0);
    const slot = emptySlots.first();
    if ((await slot.getAttribute('aria-expanded')) !== 'true') await slot.click();
    await expect(slot).toHaveAttribute('aria-expanded', 'true');
    const body = page.locator(`[id="${await slot.getAttribute('aria-controls')}"]`);
    await expect(body.getByText('फ़ाइल यहाँ खींचकर छोड़ें या चुनने के लिए क्लिक करें')).toBeVisible();
    await body.getByLabel(/ के लिए फ़ाइल चुनें$/).setInputFiles(pdfFile(`document-${left}.pdf`));
    await body.getByRole('textbox', { name: 'ऋणी की टिप्पणी' }).fill('NOC के लिए दस्तावेज़');
    await body.getByRole('button', { name: / अपलोड करें$/ }).click();
    await expect(panel.getByRole('status').filter({ hasText: /अपलोड हो गया।$/ })).toBeVisible();
    await expect(emptySlots).toHaveCount(left - 1);
  }
  await expect(panel.getByRole('button', { name: 'document-1.pdf देखें' })).toBeVisible();

  // The NOC request goes to the checker from the panel.
  await expect(submitRegion).toContainText('सभी दस्तावेज़ आ गए हैं। यह यूनिट चेकर को भेजें');
  const submit = submitRegion.getByRole('button', { name: 'चेकर को भेजें' });
  await expect(submit).toBeDisabled();
  await submitRegion.getByRole('checkbox', { name: 'कृपया अपने चयन की पुष्टि करें।' }).check();
  await submit.click();
  await expect(panel.getByText('चेकर को भेज दिया गया', { exact: true })).toBeVisible();
  await expect(panel.getByText(`${unit.unitName} अब स्वीकृति हेतु लंबित है।`)).toBeVisible();
  await expectNoSeriousViolations(page);
});
