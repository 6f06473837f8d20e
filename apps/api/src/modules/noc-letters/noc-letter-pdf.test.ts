import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, expect, it } from 'vitest';
import type { NocLetterDetails } from '@portal/domain';
import { renderNocLetter } from './noc-letter-pdf.ts';

const sampleDetails: NocLetterDetails = {
  letterNumber: 'NOC-7K3M-Q9TB-X2CD-H8RW',
  lenderName: 'Demo Lender Finance Ltd',
  accountId: 'ACC1001',
  accountName: 'Asha Mehta Developers',
  projectName: 'Green Acres',
  tower: 'Tower A',
  floor: '4',
  unit: 'A-404',
  customerName: 'Zoë Ångström',
  nocType: 'Final',
  saleValue: '₹1,23,45,678.00',
  amountReceived: '₹98,76,543.50',
  approvedAt: '2026-03-12T09:30:00.000Z',
  approvedOn: '12 Mar 2026',
  approvedBy: 'Priya Checker',
  verificationUrl: 'https://portal.lender.example/verify/NOC-7K3M-Q9TB-X2CD-H8RW',
};

const hasPoppler = spawnSync('pdftoppm', ['-v']).error === undefined;
const work = mkdtempSync(path.join(tmpdir(), 'noc-letter-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

it('renders the same bytes for the same details, and different bytes for others', async () => {
  const first = Buffer.from(await renderNocLetter(sampleDetails));
  const second = Buffer.from(await renderNocLetter({ ...sampleDetails }));
  expect(first.subarray(0, 5).toString()).toBe('%PDF-');
  expect(second.equals(first)).toBe(true);
  const other = Buffer.from(await renderNocLetter({ ...sampleDetails, unit: 'A-405' }));
  expect(other.equals(first)).toBe(false);
});

it.skipIf(!hasPoppler)(
  'prints the unit and a QR code that opens the verification page (only where pdftoppm, from poppler-utils, is installed)',
  async () => {
    const file = path.join(work, 'letter.pdf');
    writeFileSync(file, await renderNocLetter(sampleDetails));

    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('A-404');
    expect(text).toContain('NOC-7K3M-Q9TB-X2CD-H8RW');
    expect(text).toContain('Rs. 1,23,45,678.00');
    expect(text).toContain('Green Acres');

    execFileSync('pdftoppm', ['-png', '-r', '150', '-singlefile', file, path.join(work, 'page')]);
    const png = PNG.sync.read(readFileSync(path.join(work, 'page.png')));
    const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(code?.data).toBe(sampleDetails.verificationUrl);
  },
);
