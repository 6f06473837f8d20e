import { PDFDocument, rgb, type PDFImage, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { translatorFor, type MessageValues, type NocLetterDetails } from '@portal/domain';
import { LetterTypesetter, type Weight } from './letter-fonts.ts';
import type { LetterSettings } from './letter-settings.ts';
import { signNocLetter, type RenderedLetter } from './letter-signing.ts';
import type { Letterhead } from './letterhead.ts';
import { messages } from '../../messages.ts';

const PRODUCER = 'Borrower Portal';
const INK = rgb(0.12, 0.16, 0.2);
const MUTED = rgb(0.35, 0.4, 0.45);
const ACCENT = rgb(0.11, 0.3, 0.55);
const RULE = rgb(0.82, 0.85, 0.88);
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 52;
const TOP = A4[1] - 40;
const WIDTH = A4[0] - 2 * MARGIN;
const QR_SIZE = 92;
const LABEL_WIDTH = 178;

const translate = translatorFor(messages);
const en = (id: string, values?: MessageValues) => translate('en', id, values);
const hi = (id: string, values?: MessageValues) => translate('hi', id, values);
/** A label in both languages, English first. */
const both = (id: string, values?: MessageValues) => `${en(id, values)} / ${hi(id, values)}`;

/** What the letter's signature block says of its signature. */
export interface SignatureBlock {
  /** The signing certificate's name, or none: the letter says it is not signed. */
  signer?: string;
}

/**
 * The NOC letter as a PDF: the lender's letterhead, reference and date, addressee, the body in
 * English and then Hindi (one file serves the borrower, the buyer and the buyer's bank alike),
 * the particulars, the signature block, and the QR code to the verification page, on one A4 page.
 * The same details and letterhead always give the same bytes: the document's dates are the
 * approval's, its producer and creator are fixed, its fonts' subset names come from the letter
 * number, and nothing random is written.
 */
export async function renderNocLetter(
  details: NocLetterDetails,
  letterhead: Letterhead,
): Promise<Uint8Array> {
  const { pdf } = await composeNocLetter(details, letterhead, {});
  return pdf.save({ useObjectStreams: false });
}

/** The letter as issued: signed when the lender has a signing certificate. */
export async function issuedNocLetter(
  details: NocLetterDetails,
  { letterhead, signer }: LetterSettings,
): Promise<Buffer> {
  if (!signer) return Buffer.from(await renderNocLetter(details, letterhead));
  const letter = await composeNocLetter(details, letterhead, { signer: signer.name });
  return signNocLetter(letter, signer, { ...details, contact: letterhead.contact });
}

/** The letter laid out, not yet saved: signing adds its field before the bytes are written. */
export async function composeNocLetter(
  details: NocLetterDetails,
  letterhead: Letterhead,
  signature: SignatureBlock,
): Promise<RenderedLetter> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const approvedAt = new Date(details.approvedAt);
  pdf.setTitle(`NOC letter ${details.letterNumber}`);
  pdf.setAuthor(details.lenderName);
  pdf.setSubject(`No objection certificate for unit ${details.unit}`);
  pdf.setLanguage('en-IN');
  pdf.setProducer(PRODUCER);
  pdf.setCreator(PRODUCER);
  pdf.setCreationDate(approvedAt);
  pdf.setModificationDate(approvedAt);

  const type = await LetterTypesetter.embed(pdf, details.letterNumber);
  const logo = letterhead.logo
    ? letterhead.logo.format === 'png'
      ? await pdf.embedPng(letterhead.logo.bytes)
      : await pdf.embedJpg(letterhead.logo.bytes)
    : undefined;
  const page = pdf.addPage(A4);

  const bottom = drawFooter(page, type, details, signature);
  const block = drawSignatureBlock(page, type, details, letterhead, signature, bottom);
  const flowFloor = block.top + 14;
  // The letterhead and particulars shrink a little for unusually long names or addresses, so
  // the letter always stays on one page.
  const scale =
    [1, 0.93, 0.86, 0.8, 0.74, 0.68].find(
      (s) => drawFlow(null, type, details, letterhead, logo, s) >= flowFloor,
    ) ?? 0.62;
  drawFlow(page, type, details, letterhead, logo, scale);
  return { pdf, signatureRect: block.box };
}

/**
 * The letterhead, title, reference, addressee, body and particulars from the top of the page down;
 * answers where they end. Without a page it only measures.
 */
function drawFlow(
  page: PDFPage | null,
  type: LetterTypesetter,
  details: NocLetterDetails,
  letterhead: Letterhead,
  logo: PDFImage | undefined,
  scale: number,
): number {
  let y = TOP;
  const text = (
    value: string,
    x: number,
    size: number,
    options: { weight?: Weight; color?: typeof INK; width?: number; leading?: number } = {},
  ) => {
    const {
      weight = 'regular',
      color = INK,
      width = WIDTH - (x - MARGIN),
      leading = 1.4,
    } = options;
    for (const line of type.wrap(value, size * scale, width, weight)) {
      y -= size * scale * leading;
      if (page) type.draw(page, line, { x, y, size: size * scale, weight, color });
    }
  };
  const centred = (value: string, size: number, weight: Weight) => {
    y -= size * scale * 1.45;
    const width = type.width(value, size * scale, weight);
    if (page)
      type.draw(page, value, {
        x: MARGIN + (WIDTH - width) / 2,
        y,
        size: size * scale,
        weight,
        color: INK,
      });
  };

  // Letterhead: the logo, then the lender's name, registered address, CIN and contact beside it.
  let textX = MARGIN;
  let logoBottom = y;
  if (logo) {
    const fit = logo.scaleToFit(150 * scale, 54 * scale);
    logoBottom = y - fit.height;
    page?.drawImage(logo, { x: MARGIN, y: logoBottom, width: fit.width, height: fit.height });
    textX = MARGIN + fit.width + 14;
  }
  text(details.lenderName, textX, 15, { weight: 'bold', color: ACCENT, leading: 1.2 });
  if (letterhead.address) text(letterhead.address, textX, 8.5, { color: MUTED });
  const identity = [letterhead.cin && `CIN ${letterhead.cin}`, letterhead.contact].filter(Boolean);
  if (identity.length > 0) text(identity.join(' · '), textX, 8.5, { color: MUTED });
  y = Math.min(y, logoBottom) - 10 * scale;
  page?.drawLine({
    start: { x: MARGIN, y },
    end: { x: MARGIN + WIDTH, y },
    thickness: 1.2,
    color: ACCENT,
  });
  y -= 6 * scale;

  centred(en('nocLetter.title').toUpperCase(), 13.5, 'bold');
  centred(hi('nocLetter.title'), 12.5, 'bold');
  y -= 8 * scale;

  // Reference and date on one line, the date to the right.
  const reference = `${both('nocLetter.letterNumber')}: ${details.letterNumber}`;
  const date = `${both('nocLetter.date')}: ${details.approvedOn}`;
  y -= 10 * scale * 1.5;
  if (page) {
    type.draw(page, reference, { x: MARGIN, y, size: 10 * scale, color: INK });
    const dateWidth = type.width(date, 10 * scale);
    type.draw(page, date, { x: MARGIN + WIDTH - dateWidth, y, size: 10 * scale, color: INK });
  }
  y -= 6 * scale;
  text(both('nocLetter.to'), MARGIN, 10);
  y -= 4 * scale;
  const subject = { unit: details.unit, project: details.projectName };
  text(en('nocLetter.subject', subject), MARGIN, 10, { weight: 'bold' });
  text(hi('nocLetter.subject', subject), MARGIN, 10, { weight: 'bold', leading: 1.5 });
  y -= 4 * scale;
  const body = {
    lender: details.lenderName,
    date: details.approvedOn,
    nocType: details.nocType,
  };
  text(en('nocLetter.body', body), MARGIN, 10);
  y -= 3 * scale;
  text(hi('nocLetter.body', body), MARGIN, 10, { leading: 1.55 });
  y -= 8 * scale;

  // The particulars: a label in both languages, the value as the lender's records give it.
  const rows: [string, string | null | undefined][] = [
    ['nocLetter.loanAccount', details.loanAccount],
    ['nocLetter.borrower', `${details.accountName} (${details.accountId})`],
    ['nocLetter.project', details.projectName],
    ['nocLetter.projectAddress', details.projectAddress],
    ['nocLetter.tower', details.tower],
    ['nocLetter.floor', details.floor],
    ['nocLetter.unit', details.unit],
    ['nocLetter.customer', details.customerName],
    ['nocLetter.nocType', both('nocLetter.nocTypeValue', { nocType: details.nocType })],
    ['nocLetter.saleValue', details.saleValue],
    ['nocLetter.amountReceived', details.amountReceived],
    ['nocLetter.approvedOn', details.approvedOn],
    ['nocLetter.approvedBy', details.firstApprovedBy ?? details.approvedBy],
    ['nocLetter.confirmedBy', details.firstApprovedBy ? details.approvedBy : null],
  ];
  page?.drawLine({
    start: { x: MARGIN, y },
    end: { x: MARGIN + WIDTH, y },
    thickness: 0.6,
    color: RULE,
  });
  for (const [label, value] of rows) {
    if (!value) continue;
    const top = y;
    text(both(label), MARGIN, 9, { color: MUTED, width: LABEL_WIDTH - 8, leading: 1.6 });
    const labelBottom = y;
    y = top;
    text(value, MARGIN + LABEL_WIDTH, 9.5, { width: WIDTH - LABEL_WIDTH, leading: 1.55 });
    y = Math.min(y, labelBottom) - 4 * scale;
    page?.drawLine({
      start: { x: MARGIN, y },
      end: { x: MARGIN + WIDTH, y },
      thickness: 0.6,
      color: RULE,
    });
  }
  return y;
}

/**
 * "For {lender}", the box the signature's field covers (saying who signed it, or that it is not
 * signed), then the signatory's name and designation; right-aligned above `bottom`. Answers the
 * box's rectangle [x1, y1, x2, y2] and the top of the block.
 */
function drawSignatureBlock(
  page: PDFPage,
  type: LetterTypesetter,
  details: NocLetterDetails,
  letterhead: Letterhead,
  signature: SignatureBlock,
  bottom: number,
): { box: [number, number, number, number]; top: number } {
  const width = 220;
  const x = MARGIN + WIDTH - width;
  type Line = [string, number, Weight, typeof INK];
  const { name, designation } = letterhead.signatory;
  const lines: Line[] = [
    ...(name ? [[name, 9.5, 'bold', INK] as Line] : []),
    ...(designation ? [[designation, 9, 'regular', INK] as Line] : []),
    [both('nocLetter.authorisedSignatory'), 8.5, 'regular', MUTED],
  ];
  let y = bottom + 10;
  for (const [value, size, weight, color] of lines.reverse()) {
    type.draw(page, value, { x, y, size, weight, color });
    y += size * 1.45;
  }
  const box: [number, number, number, number] = [x, y + 2, x + width, y + 50];
  page.drawRectangle({
    x: box[0],
    y: box[1],
    width,
    height: box[3] - box[1],
    borderColor: signature.signer ? ACCENT : RULE,
    borderWidth: 0.8,
    color: signature.signer ? rgb(0.95, 0.97, 1) : rgb(0.98, 0.98, 0.98),
  });
  const mark = signature.signer
    ? [
        en('nocLetter.signed', { signer: signature.signer }),
        hi('nocLetter.signed', { signer: signature.signer }),
      ]
    : [en('nocLetter.unsigned'), hi('nocLetter.unsigned')];
  type.draw(page, mark[0]!, { x: x + 8, y: box[3] - 18, size: 8.5, weight: 'bold', color: INK });
  type.draw(page, mark[1]!, { x: x + 8, y: box[3] - 34, size: 8.5, color: INK });
  const forLender = [
    en('nocLetter.for', { lender: details.lenderName }),
    hi('nocLetter.for', { lender: details.lenderName }),
  ];
  type.draw(page, forLender[1]!, { x, y: box[3] + 8, size: 9, color: INK });
  type.draw(page, forLender[0]!, { x, y: box[3] + 22, size: 9, weight: 'bold', color: INK });
  return { box, top: box[3] + 34 };
}

/**
 * The QR code and how to verify, in both languages, then whether the letter is signed; from the
 * bottom of the page up. Answers the top of what it drew.
 */
function drawFooter(
  page: PDFPage,
  type: LetterTypesetter,
  details: NocLetterDetails,
  signature: SignatureBlock,
): number {
  let y = 36;
  const note = signature.signer ? 'nocLetter.signedNote' : 'nocLetter.unsignedNote';
  const notes = [...type.wrap(en(note), 7.5, WIDTH), ...type.wrap(hi(note), 7.5, WIDTH)];
  for (const line of notes.reverse()) {
    type.draw(page, line, { x: MARGIN, y, size: 7.5, color: MUTED });
    y += 7.5 * 1.5;
  }
  y += 6;
  page.drawLine({
    start: { x: MARGIN, y },
    end: { x: MARGIN + WIDTH, y },
    thickness: 0.6,
    color: RULE,
  });
  y += 8;
  drawQrCode(page, details.verificationUrl, MARGIN, y);
  const textX = MARGIN + QR_SIZE + 12;
  const width = MARGIN + WIDTH - textX;
  const verify = { letterNumber: details.letterNumber };
  const lines: [string, Weight, number][] = [
    ...type
      .wrap(en('nocLetter.verify', verify), 8.5, width)
      .map((l) => [l, 'regular', 8.5] as [string, Weight, number]),
    ...type
      .wrap(hi('nocLetter.verify', verify), 8.5, width)
      .map((l) => [l, 'regular', 8.5] as [string, Weight, number]),
    [details.verificationUrl, 'bold', 9],
  ];
  let textY = y + QR_SIZE - 12;
  for (const [line, weight, size] of lines) {
    type.draw(page, line, { x: textX, y: textY, size, weight, color: INK });
    textY -= size * 1.55;
  }
  return y + QR_SIZE;
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
