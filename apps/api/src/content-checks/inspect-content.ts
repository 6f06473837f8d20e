import yauzl from 'yauzl';
import { OLD_PHOTO_DAYS, type FraudFlag } from '@portal/domain';

/**
 * XLSX and DOCX by the part each must hold besides `[Content_Types].xml`: where every producer
 * puts the workbook and the document.
 */
const OOXML_MAIN_PARTS = new Map([
  ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xl/workbook.xml'],
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'word/document.xml'],
]);
// Office XML typically packs 5 to 20 times smaller; a zip that would unpack past these limits is
// a decompression bomb aimed at whoever opens it (an approver's spreadsheet program).
export const MAX_EXPANSION_RATIO = 100;
export const MAX_UNCOMPRESSED_BYTES = 256 * 1024 * 1024;

/** One stored upload to look into, its type already verified by its magic bytes. */
export interface ContentJob {
  contentType: string;
  bytes: Uint8Array;
  uploadedAt: Date;
}

export interface ContentFindings {
  /** The bytes claim an Office type but are no genuine package (or a bomb): refused. */
  notGenuine: boolean;
  /** Signals for the checker (they never block the borrower). */
  flags: FraudFlag[];
}

/**
 * Everything read from inside an upload's bytes. Runs in an isolated process
 * (content-check-process.ts), never on the server's event loop: these parsers meet whatever a
 * borrower sends.
 */
export async function inspectContent(job: ContentJob): Promise<ContentFindings> {
  const mainPart = OOXML_MAIN_PARTS.get(job.contentType);
  if (mainPart) {
    return { notGenuine: !(await isSafeOfficePackage(job.bytes, mainPart)), flags: [] };
  }
  if (job.contentType === 'application/pdf') {
    return { notGenuine: false, flags: await pdfSignals(job.bytes) };
  }
  if (job.contentType === 'image/jpeg') {
    return { notGenuine: false, flags: await photoSignals(job.bytes, job.uploadedAt) };
  }
  return { notGenuine: false, flags: [] };
}

/**
 * True for a real Office package that is no bomb. Only the zip's central directory is read, never
 * a byte decompressed: it must list `[Content_Types].xml` and `mainPart` (part names compare
 * without case, as OPC says), and the sizes it declares must stay within MAX_EXPANSION_RATIO of
 * the stored size and MAX_UNCOMPRESSED_BYTES in all.
 */
async function isSafeOfficePackage(zip: Uint8Array, mainPart: string): Promise<boolean> {
  const limit = Math.min(MAX_UNCOMPRESSED_BYTES, MAX_EXPANSION_RATIO * zip.length);
  const names = new Set<string>();
  let uncompressed = 0;
  try {
    const archive = await yauzl.fromBufferPromise(
      Buffer.from(zip.buffer, zip.byteOffset, zip.length),
      {
        lazyEntries: true,
      },
    );
    for await (const entry of archive.eachEntry()) {
      uncompressed += entry.uncompressedSize;
      if (uncompressed > limit) return false;
      names.add(entry.fileName.toLowerCase());
    }
  } catch {
    return false; // not a zip yauzl can read: damaged, or crafted
  }
  return names.has('[content_types].xml') && names.has(mainPart);
}

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
  } catch (error) {
    // Out of memory or of stack: not read, which is not the same as nothing found.
    if (error instanceof RangeError) throw error;
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
    tags = await exifr.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), {
      pick: ['DateTimeOriginal', 'CreateDate'],
      reviveValues: false,
    });
  } catch (error) {
    if (error instanceof RangeError) throw error;
    return [];
  }
  const taken = /^(\d{4}):(\d{2}):(\d{2})/.exec(tags?.DateTimeOriginal ?? tags?.CreateDate ?? '');
  if (!taken) return [];
  const takenOn = `${taken[1]}-${taken[2]}-${taken[3]}`;
  const days = Math.abs(uploadedAt.getTime() - Date.parse(`${takenOn}T00:00:00Z`)) / 86_400_000;
  return days > OLD_PHOTO_DAYS ? [{ code: 'OLD_PHOTO', detail: takenOn }] : [];
}
