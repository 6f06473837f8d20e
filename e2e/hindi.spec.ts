import { expect, test, type Page } from '@playwright/test';
import {
  borrowerToken,
  escapeRegExp,
  expectNoSeriousViolations,
  importBorrower,
  importNocUnit,
  nextCode,
  pdfFile,
  PHONE,
  signInAsBorrower,
  signUpBorrower,
  STRONG_PASSWORD,
  submitFilledUnit,
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
  await expect(panel).toContainText('अनुमोदन के लिए भेजने से पहले कृपया नीचे दिए गए ज़रूरी दस्तावेज़ अपलोड करें।');
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
  await expect(panel.getByText(`${unit.unitName} अब अनुमोदन हेतु लंबित है।`)).toBeVisible();
  await expectNoSeriousViolations(page);
});

/** The Devanagari font's files, which only a Hindi page may fetch. */
const DEVANAGARI_FONT = /noto-sans-devanagari-devanagari-\d+-normal/;

/** English words once left on Hindi screens (labels, statuses, Mantine's own button names). */
const LEFTOVER_ENGLISH = /\b(Approved|Flat|Final|Provisional|Close|Toggle password visibility)\b/g;

/**
 * The leftover English words a reader sees or hears on the page: its text and its elements'
 * accessible names and hints, less the lender's own data (`data`, such as a unit named "Flat …").
 */
async function englishLeftovers(page: Page, data: readonly string[]): Promise<string[]> {
  const shown = await page.evaluate(() => {
    const attributes = ['aria-label', 'title', 'placeholder', 'alt'];
    const named = Array.from(document.querySelectorAll('*')).flatMap((element) =>
      attributes.map((name) => element.getAttribute(name) ?? ''),
    );
    return [document.body.innerText, ...named].join('\n');
  });
  const withoutData = data.reduce((text, value) => text.replaceAll(value, ''), shown);
  return withoutData.match(LEFTOVER_ENGLISH) ?? [];
}

/** The fonts Chromium drew `heading`'s text with, from its own layout (DevTools protocol). */
async function fontsDrawing(page: Page, heading: string) {
  await page.getByRole('heading', { name: heading }).evaluate((element) => {
    element.setAttribute('data-font-probe', '');
    // Lays the page out now: DevTools reports the fonts of the last layout, which under load
    // can be one from before the font was named (seen for 15 s on a busy machine).
    element.getBoundingClientRect();
  });
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('DOM.enable');
  await devtools.send('CSS.enable');
  const { root } = await devtools.send('DOM.getDocument');
  const { nodeId } = await devtools.send('DOM.querySelector', {
    nodeId: root.nodeId,
    selector: '[data-font-probe]',
  });
  const { fonts } = await devtools.send('CSS.getPlatformFontsForNode', { nodeId });
  await devtools.detach();
  return fonts;
}

for (const [size, viewport] of [
  ['a desktop', { width: 1366, height: 900 }],
  ['a phone', PHONE],
] as const) {
  test(`on ${size}, Hindi is drawn in the shipped Devanagari font and shows no English; English never fetches the font`, async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const borrower = await importBorrower(request);
    const unit = await importNocUnit(request, borrower);
    await signUpBorrower(request, borrower);
    await submitFilledUnit(request, await borrowerToken(baseURL!, borrower), unit);
    const data = [
      unit.unitName,
      unit.projectName,
      `E2E Construction Finance ${borrower.accountId.slice(3)}`,
    ];
    const fontRequests: string[] = [];
    page.on('request', (sent) => {
      if (DEVANAGARI_FONT.test(sent.url())) fontRequests.push(sent.url());
    });

    // In English nothing of the font is fetched, on the sign-in page or a signed-in one.
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await signInAsBorrower(page, borrower, baseURL!);
    await page.goto('/opportunities');
    await expect(page.getByRole('heading', { name: 'Account Information' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(fontRequests).toEqual([]);

    // Switched to Hindi, the page fetches the font and draws its Hindi letters with it.
    await page.getByRole('button', { name: 'हिन्दी' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'खाते की जानकारी' })).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(async () => {
          await document.fonts.ready;
          const weights: string[] = [];
          document.fonts.forEach((face) => {
            const family = face.family.replaceAll('"', '');
            if (family === 'Noto Sans Devanagari' && face.status === 'loaded')
              weights.push(face.weight);
          });
          return weights.sort();
        }),
      )
      // Body text, buttons and labels, headings: all fetched before the page names the font.
      .toEqual(['400', '600', '700']);
    expect(
      await page.evaluate(() => document.fonts.check('700 24px "Noto Sans Devanagari"', 'खाते')),
    ).toBe(true);
    expect(fontRequests.some((url) => url.endsWith('.woff2'))).toBe(true);
    // Loaded is not yet drawn: the page names the font a moment later and lays the heading out in it.
    await expect
      .poll(() => fontsDrawing(page, 'खाते की जानकारी'))
      .toContainEqual(
        expect.objectContaining({ familyName: 'Noto Sans Devanagari', isCustomFont: true }),
      );
    expect(await englishLeftovers(page, data)).toEqual([]);
    await expectNoSeriousViolations(page);

    // The unit list: statuses, the NOC type and the document panel's close button in Hindi.
    await page.goto('/unitstatus');
    await expect(page.getByRole('heading', { level: 1, name: 'यूनिट की स्थिति' })).toBeVisible();
    const statusButton = page.getByRole('button', {
      name: `अनुमोदन हेतु लंबित, ${unit.unitName} के दस्तावेज़`,
    });
    await expect(statusButton).toBeVisible();
    await expect(page.getByText('अंतिम', { exact: true })).toBeVisible();
    expect(await englishLeftovers(page, data)).toEqual([]);
    await expectNoSeriousViolations(page);
    await statusButton.click();
    const panel = page.getByRole('dialog', { name: /दस्तावेज़ अपलोड/ });
    await expect(panel.getByText('स्थिति:')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'बंद करें' }).first()).toBeVisible();
    expect(await englishLeftovers(page, data)).toEqual([]);
    await expectNoSeriousViolations(page);

    // Signed out, the sign-in page stays in Hindi, its password toggle named in Hindi too.
    await page.context().clearCookies();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'साइन इन' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'पासवर्ड दिखाएँ या छिपाएँ' })).toBeAttached();
    expect(await englishLeftovers(page, data)).toEqual([]);
    await expectNoSeriousViolations(page);
  });
}
