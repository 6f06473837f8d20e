import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import yauzl from 'yauzl';
import { DomainError } from '@portal/domain';
import type { Storage } from '../../storage/storage.ts';

const HEAD_BYTES = 64 * 1024;

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
// OLE2 .xls/.doc stay allowed because DESIGN §4 lists them (docs/decisions.md).
const LEGACY_OFFICE = new Set(['application/vnd.ms-excel', 'application/msword']);
const DETECTED_ALLOWED = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  ...OOXML_MAIN_PARTS.keys(),
]);

/**
 * The content type the bytes really are, if it is one we accept (DESIGN §4: PDF, PNG, JPEG,
 * XLSX/XLS, DOCX/DOC, CSV). The browser's declared type only settles what magic bytes cannot:
 * the flavour of an OLE2 or zip container, and CSV, which is plain text.
 */
export async function detectAllowedType(
  head: Buffer,
  declared: string,
): Promise<string | undefined> {
  const bare = declared.split(';')[0]?.trim().toLowerCase() ?? '';
  const detected = await fileTypeFromBuffer(head);
  if (!detected) return bare === 'text/csv' && isText(head) ? 'text/csv' : undefined;
  if (DETECTED_ALLOWED.has(detected.mime)) return detected.mime;
  // A zip whose OOXML markers lie past the head, or an OLE2 compound file (.xls/.doc).
  if (detected.mime === 'application/zip' && OOXML_MAIN_PARTS.has(bare)) return bare;
  if (detected.mime === 'application/x-cfb' && LEGACY_OFFICE.has(bare)) return bare;
  return undefined;
}

/**
 * True for a real Office package that is no bomb. Only the zip's central directory is read, never
 * a byte decompressed: it must list `[Content_Types].xml` and `mainPart` (part names compare
 * without case, as OPC says), and the sizes it declares must stay within MAX_EXPANSION_RATIO of
 * the stored size and MAX_UNCOMPRESSED_BYTES in all.
 */
async function isSafeOfficePackage(zip: Buffer, mainPart: string): Promise<boolean> {
  const limit = Math.min(MAX_UNCOMPRESSED_BYTES, MAX_EXPANSION_RATIO * zip.length);
  const names = new Set<string>();
  let uncompressed = 0;
  try {
    const archive = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
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

function isText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    // A multi-byte character cut at the end of the head is fine; anything else invalid is not.
    new TextDecoder('utf-8', { fatal: true }).decode(
      head.subarray(0, Math.max(0, head.length - 4)),
    );
    return true;
  } catch {
    return false;
  }
}

export async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function sha256Of(stream: NodeJS.ReadableStream): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk);
  return hash.digest('hex');
}

/**
 * Checks the stored bytes of an upload before it may count (DESIGN §4 "Uploads"): present, within
 * the size limit, the declared size, an allowed type by magic bytes (and an XLSX or DOCX a real,
 * sane package), and the declared SHA-256.
 * Answers the verified content type or throws the matching domain error.
 */
export async function verifyUpload(
  storage: Storage,
  upload: { storageKey: string; size: number; fileHash: string; contentType: string },
  maxUploadBytes: number,
): Promise<string> {
  const stored = await storage.stat(upload.storageKey);
  if (!stored) throw new DomainError('UPLOAD_INCOMPLETE');
  if (stored.size > maxUploadBytes) throw new DomainError('FILE_TOO_LARGE');
  if (stored.size !== upload.size) {
    throw new DomainError('HASH_MISMATCH', 'The uploaded file is not the size that was announced');
  }
  const head = await readAll(await storage.read(upload.storageKey, { length: HEAD_BYTES }));
  const contentType = await detectAllowedType(head, upload.contentType);
  if (!contentType) throw new DomainError('UNSUPPORTED_FILE_TYPE');
  const mainPart = OOXML_MAIN_PARTS.get(contentType);
  // The central directory sits at the end, so the whole zip is read (within the upload limit).
  if (
    mainPart &&
    !(await isSafeOfficePackage(await readAll(await storage.read(upload.storageKey)), mainPart))
  ) {
    throw new DomainError(
      'UNSUPPORTED_FILE_TYPE',
      'This is not a genuine Excel or Word file. Upload a PDF, PNG, JPEG, Excel, Word or CSV file',
    );
  }
  if ((await sha256Of(await storage.read(upload.storageKey))) !== upload.fileHash) {
    throw new DomainError('HASH_MISMATCH');
  }
  return contentType;
}
