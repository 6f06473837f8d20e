import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { LOGO_COLOUR, sampleDetails, sampleLetterhead } from '../../../test/noc-letters.ts';
import { renderNocLetter } from './noc-letter-pdf.ts';

const hasPoppler = spawnSync('pdftoppm', ['-v']).error === undefined;
const work = mkdtempSync(path.join(tmpdir(), 'noc-letter-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The letter's text as pdftotext reads it, lines joined by single spaces. */
function textOf(file: string): string {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(
    /\s+/g,
    ' ',
  );
}

it('renders the same bytes for the same details, and different bytes for others', async () => {
  const first = Buffer.from(await renderNocLetter(sampleDetails, sampleLetterhead));
  const second = Buffer.from(await renderNocLetter({ ...sampleDetails }, sampleLetterhead));
  expect(first.subarray(0, 5).toString()).toBe('%PDF-');
  expect(second.equals(first)).toBe(true);
  const other = Buffer.from(
    await renderNocLetter({ ...sampleDetails, unit: 'A-405' }, sampleLetterhead),
  );
  expect(other.equals(first)).toBe(false);
  // The fonts are embedded as subsets: the letter stays small.
  expect(first.length).toBeLessThan(120_000);
});

it('keeps unusually long particulars on one page', async () => {
  const long = 'Plot 7, Sector 21, '.repeat(30);
  const bytes = await renderNocLetter(
    { ...sampleDetails, projectAddress: long, customerName: long, accountName: long },
    { ...sampleLetterhead, address: long },
  );
  expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
});

describe.skipIf(!hasPoppler)('as read by poppler (pdftotext, pdftoppm from poppler-utils)', () => {
  it('gives back ₹, Devanagari, both languages, the letterhead and both approvers as written', async () => {
    const file = path.join(work, 'letter.pdf');
    writeFileSync(file, await renderNocLetter(sampleDetails, sampleLetterhead));
    const text = textOf(file);
    for (const expected of [
      'Demo Lender Finance Ltd',
      sampleLetterhead.address!,
      'CIN U65922MH2010PLC123456 · +91 22 4000 1234 · noc@lender.example',
      'NO OBJECTION CERTIFICATE',
      'अनापत्ति प्रमाण पत्र',
      'Letter no. / पत्र सं.: NOC-7K3M-Q9TB-X2CD-H8RW',
      'Date / दिनांक: 12 Mar 2026',
      'Loan account / ऋण खाता OPP-2024-0042',
      `Project address / परियोजना का पता ${sampleDetails.projectAddress}`,
      'Customer / ग्राहक आशा क्षत्रिय शर्मा',
      'Sale value / बिक्री मूल्य ₹1,23,45,678.00',
      'Amount received / प्राप्त राशि ₹98,76,543.50',
      'Approved by / अनुमोदनकर्ता Rahul Maker',
      'Confirmed by / पुष्टिकर्ता Priya Checker',
      'NOC type / NOC का प्रकार Final / अंतिम',
      'यह अंतिम NOC है।',
      'Meera Iyer Head, Construction Finance Operations',
      'Not digitally signed',
      'This letter is not digitally signed: the verification page is authoritative.',
      sampleDetails.verificationUrl,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('names the one approver when one approver released the unit, and prints older letters', async () => {
    const file = path.join(work, 'one-approver.pdf');
    const { loanAccount: _, projectAddress: __, firstApprovedBy: ___, ...older } = sampleDetails;
    writeFileSync(file, await renderNocLetter(older, { signatory: {} }));
    const text = textOf(file);
    expect(text).toContain('Approved by / अनुमोदनकर्ता Priya Checker');
    expect(text).not.toContain('Confirmed by');
    expect(text).not.toContain('Loan account');
    expect(text).toContain('Authorised Signatory / अधिकृत हस्ताक्षरकर्ता');
  });

  it('draws the logo at the top left and a QR code that opens the verification page', async () => {
    const file = path.join(work, 'letter.pdf');
    writeFileSync(file, await renderNocLetter(sampleDetails, sampleLetterhead));
    execFileSync('pdftoppm', ['-png', '-r', '150', '-singlefile', file, path.join(work, 'page')]);
    const png = PNG.sync.read(readFileSync(path.join(work, 'page.png')));
    const colourAt = (x: number, y: number) =>
      Array.from(png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 3));
    // 150 dpi: the page's left margin (52 pt) is 108 px, its top (40 pt) 83 px.
    expect(colourAt(130, 100)).toEqual([...LOGO_COLOUR]);
    expect(colourAt(png.width - 130, 100)).not.toEqual([...LOGO_COLOUR]);
    const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(code?.data).toBe(sampleDetails.verificationUrl);
  });
});
