import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import type { NocLetterDetails } from '@portal/domain';

const PRODUCER = 'Borrower Portal';
const INK = rgb(0.12, 0.16, 0.2);
const MUTED = rgb(0.35, 0.4, 0.45);
const MARGIN = 56;
const A4: [number, number] = [595.28, 841.89];
const QR_SIZE = 120;

/**
 * The NOC letter as a PDF. The same details always give the same bytes: the document's dates are
 * the approval's, its producer and creator are fixed, and nothing random is written, so the
 * stored bytes and their SHA-256 can be checked against a fresh rendering at any time.
 */
export async function renderNocLetter(details: NocLetterDetails): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const approvedAt = new Date(details.approvedAt);
  pdf.setTitle(`NOC letter ${details.letterNumber}`);
  pdf.setAuthor(details.lenderName);
  pdf.setSubject(`No objection certificate for unit ${details.unit}`);
  pdf.setProducer(PRODUCER);
  pdf.setCreator(PRODUCER);
  pdf.setCreationDate(approvedAt);
  pdf.setModificationDate(approvedAt);

  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage(A4);
  const width = A4[0] - 2 * MARGIN;
  let y = A4[1] - MARGIN;

  const line = (text: string, font: PDFFont, size: number, color = INK) => {
    for (const wrapped of wrap(printable(text, font), font, size, width)) {
      y -= size * 1.35;
      page.drawText(wrapped, { x: MARGIN, y, size, font, color });
    }
  };

  line(details.lenderName, bold, 16);
  y -= 6;
  line('NO OBJECTION CERTIFICATE', bold, 13, MUTED);
  y -= 10;
  line(`Letter No.: ${details.letterNumber}`, regular, 10);
  line(`Date: ${details.approvedOn}`, regular, 10);
  y -= 14;
  line('To whom it may concern,', regular, 11);
  y -= 6;
  line(
    `${details.lenderName} has no objection to the release of the unit described below from its ` +
      `charge, the unit's documents having been reviewed and approved on ${details.approvedOn}. ` +
      `This is a ${details.nocType} NOC.`,
    regular,
    11,
  );
  y -= 12;

  const rows: [string, string][] = [
    ['Borrower account', `${details.accountName} (${details.accountId})`],
    ['Project', details.projectName],
    ['Tower', details.tower],
    ['Floor', details.floor],
    ['Unit no.', details.unit],
    ['Customer name', details.customerName],
    ['NOC type', details.nocType],
    ['Sale value', pdfMoney(details.saleValue)],
    ['Amount received', pdfMoney(details.amountReceived)],
    ['Approved on', details.approvedOn],
    ['Approved by', details.approvedBy],
  ];
  for (const [label, value] of rows) {
    y -= 18;
    page.drawText(label, { x: MARGIN, y, size: 10, font: bold, color: MUTED });
    page.drawText(printable(value, regular), { x: MARGIN + 140, y, size: 11, font: regular });
  }

  y -= 36;
  drawQrCode(page, details.verificationUrl, MARGIN, y - QR_SIZE);
  const textX = MARGIN + QR_SIZE + 16;
  const notes = [
    'Verify this letter:',
    'scan the code, or open',
    details.verificationUrl,
    `and compare the letter number ${details.letterNumber}.`,
  ];
  notes.forEach((note, i) =>
    page.drawText(printable(note, regular), {
      x: textX,
      y: y - 14 - i * 15,
      size: 10,
      font: i === 2 ? bold : regular,
      color: INK,
    }),
  );

  return pdf.save({ useObjectStreams: false });
}

/** The QR code as vector squares: sharp at any zoom and the same bytes every time. */
function drawQrCode(page: PDFPage, text: string, x: number, y: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const quiet = 4;
  const cell = QR_SIZE / (count + 2 * quiet);
  let path = '';
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (qr.modules.get(row, col)) path += `M${col + quiet} ${row + quiet}h1v1h-1z`;
    }
  }
  page.drawRectangle({ x, y, width: QR_SIZE, height: QR_SIZE, color: rgb(1, 1, 1) });
  // SVG paths run downwards from their origin, the QR's top-left corner.
  page.drawSvgPath(path, { x, y: y + QR_SIZE, scale: cell, color: rgb(0, 0, 0) });
}

/** The standard PDF fonts have no rupee sign, so amounts print "Rs." before the same digits. */
const pdfMoney = (formatted: string) => formatted.replace('₹', 'Rs. ');

/** Characters the standard font cannot draw become "?", so no name can stop a letter. */
function printable(text: string, font: PDFFont): string {
  return Array.from(text.replace(/\s+/g, ' '), (char) => {
    try {
      font.encodeText(char);
      return char;
    } catch {
      return '?';
    }
  }).join('');
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    const next = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(next, size) > width) {
      lines.push(current);
      current = word;
    } else {
      current = next;
    }
  }
  if (current) lines.push(current);
  return lines;
}
