/** A NOC letter's details and a lender's letterhead as the letter tests print them. */
import { PNG } from 'pngjs';
import type { NocLetterDetails } from '@portal/domain';
import type { Letterhead } from '../src/modules/noc-letters/letterhead.ts';

export const sampleDetails: NocLetterDetails = {
  letterNumber: 'NOC-7K3M-Q9TB-X2CD-H8RW',
  lenderName: 'Demo Lender Finance Ltd',
  accountId: 'ACC1001',
  accountName: 'Asha Mehta Developers',
  loanAccount: 'OPP-2024-0042',
  projectName: 'Green Acres',
  projectAddress: 'Survey No. 112/3, Baner–Pashan Link Road, Pune 411 045',
  tower: 'Tower A',
  floor: '4',
  unit: 'A-404',
  // A conjunct (क्ष, त्र), a reordered matra (ि) and a reph (र्): shaped, and read back as typed.
  customerName: 'आशा क्षत्रिय शर्मा',
  nocType: 'Final',
  saleValue: '₹1,23,45,678.00',
  amountReceived: '₹98,76,543.50',
  approvedAt: '2026-03-12T09:30:00.000Z',
  approvedOn: '12 Mar 2026',
  approvedBy: 'Priya Checker',
  firstApprovedBy: 'Rahul Maker',
  verificationUrl: 'https://portal.lender.example/verify/NOC-7K3M-Q9TB-X2CD-H8RW',
};

/** A 240×90 logo of one colour no other part of the letter uses, so it can be found on the page. */
export const LOGO_COLOUR = [200, 30, 120] as const;
function logoPng(): Uint8Array {
  const png = new PNG({ width: 240, height: 90 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([...LOGO_COLOUR, 255], i);
  return PNG.sync.write(png);
}

export const sampleLetterhead: Letterhead = {
  logo: { bytes: logoPng(), format: 'png' },
  address: 'Registered office: 4th Floor, Peninsula Business Park, Lower Parel, Mumbai 400 013',
  cin: 'U65922MH2010PLC123456',
  contact: '+91 22 4000 1234 · noc@lender.example',
  signatory: { name: 'Meera Iyer', designation: 'Head, Construction Finance Operations' },
};
