import { OLD_PHOTO_DAYS, type FraudFlag } from '@portal/domain';

/**
 * Programs that edit PDFs (or make them from edited images), as they name themselves in a PDF's
 * Producer or Creator; converters and printers (Distiller, Word, scanners) are left out.
 */
const EDITORS =
  /photoshop|illustrator|gimp|inkscape|pdfelement|pdf-xchange|phantompdf|foxit pdf editor|nitro pro|sejda|smallpdf|ilovepdf|pdfescape|canva|acrobat pro|pdf editor/i;
// Producers stamp both dates as they write; a later save shows as a later modification date.
const MODIFIED_AFTER_MS = 60_000;

/** A PDF that is password-protected, or shows it was edited after it was made. */
export async function pdfSignals(bytes: Uint8Array): Promise<FraudFlag[]> {
  const { PDFDocument } = await import('pdf-lib');
  let pdf: Awaited<ReturnType<typeof PDFDocument.load>>;
  try {
    pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  } catch {
    return []; // too damaged to read: the checker sees it for what it is when opening it
  }
  // Its metadata strings are encrypted too, so nothing more can be read from them.
  if (pdf.isEncrypted) return [{ code: 'ENCRYPTED_PDF', detail: '' }];
  const editor = [pdf.getProducer(), pdf.getCreator()].find((name) => name && EDITORS.test(name));
  const created = pdf.getCreationDate();
  const modified = pdf.getModificationDate();
  const modifiedLater =
    created && modified && modified.getTime() - created.getTime() >= MODIFIED_AFTER_MS;
  return editor || modifiedLater ? [{ code: 'EDITED_PDF', detail: editor?.trim() ?? '' }] : [];
}

/** A photo whose camera date is more than OLD_PHOTO_DAYS from the upload. */
export async function photoSignals(bytes: Uint8Array, uploadedAt: Date): Promise<FraudFlag[]> {
  const { default: exifr } = await import('exifr');
  let tags: { DateTimeOriginal?: string; CreateDate?: string } | undefined;
  try {
    // Raw 'YYYY:MM:DD hh:mm:ss': the camera's own calendar date, with no time zone to shift it.
    tags = await exifr.parse(Buffer.from(bytes), {
      pick: ['DateTimeOriginal', 'CreateDate'],
      reviveValues: false,
    });
  } catch {
    return [];
  }
  const taken = /^(\d{4}):(\d{2}):(\d{2})/.exec(tags?.DateTimeOriginal ?? tags?.CreateDate ?? '');
  if (!taken) return [];
  const takenOn = `${taken[1]}-${taken[2]}-${taken[3]}`;
  const days = Math.abs(uploadedAt.getTime() - Date.parse(`${takenOn}T00:00:00Z`)) / 86_400_000;
  return days > OLD_PHOTO_DAYS ? [{ code: 'OLD_PHOTO', detail: takenOn }] : [];
}

/** The signals a file's own bytes give, by its verified content type; only PDFs and JPEGs are read. */
export async function contentSignals(
  contentType: string,
  uploadedAt: Date,
  read: () => Promise<Uint8Array>,
): Promise<FraudFlag[]> {
  if (contentType === 'application/pdf') return pdfSignals(await read());
  if (contentType === 'image/jpeg') return photoSignals(await read(), uploadedAt);
  return [];
}
