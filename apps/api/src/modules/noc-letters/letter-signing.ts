import type { PDFDocument } from 'pdf-lib';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { SUBFILTER_ADOBE_PKCS7_DETACHED } from '@signpdf/utils';
import type { LetterSigner } from './signing-certificate.ts';

/** A letter laid out and not yet saved, with where its signature block is drawn. */
export interface RenderedLetter {
  pdf: PDFDocument;
  /** The signature block's box, [x1, y1, x2, y2]: the signature's field covers it. */
  signatureRect: [number, number, number, number];
}

/**
 * Signs a laid-out letter: an approval signature (no certification: the letter may be signed
 * again, never changed) whose byte range is the whole file but the signature itself, in a field
 * over the letter's signature block.
 */
export async function signNocLetter(
  letter: RenderedLetter,
  signer: LetterSigner,
  details: { letterNumber: string; lenderName: string; contact?: string | undefined },
): Promise<Buffer> {
  const signingTime = new Date();
  pdflibAddPlaceholder({
    pdfDoc: letter.pdf,
    reason: `NOC letter ${details.letterNumber}`,
    name: signer.name,
    contactInfo: details.contact ?? '',
    location: details.lenderName,
    signingTime,
    signatureLength: signer.signatureLength,
    subFilter: SUBFILTER_ADOBE_PKCS7_DETACHED,
    widgetRect: letter.signatureRect,
    appName: 'Borrower Portal',
  });
  const unsigned = Buffer.from(await letter.pdf.save({ useObjectStreams: false }));
  return new SignPdf().sign(unsigned, signer.signer(), signingTime);
}
