import { createHash } from 'node:crypto';
import type { Writable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { contentTypesBy, DomainError, type FraudFlag } from '@portal/domain';
import type { ContentChecker } from '../../content-checks/content-checker.ts';
import type { Storage } from '../../storage/storage.ts';

const HEAD_BYTES = 64 * 1024;

const OOXML = new Set<string>(contentTypesBy('ooxml'));
// OLE2 .xls/.doc stay allowed because docs/product.md#api lists them (docs/decisions.md).
const OLE2 = new Set<string>(contentTypesBy('ole2'));
// Magic bytes name an Office Open XML file's own type when its markers lie within the head.
const DETECTED = new Set<string>([...contentTypesBy('magic'), ...OOXML]);
const TEXT = new Set<string>(contentTypesBy('text'));

/**
 * The content type the bytes really are, if it is one we accept (docs/product.md#api: PDF, PNG, JPEG,
 * XLSX/XLS, DOCX/DOC, CSV). The browser's declared type only settles what magic bytes cannot:
 * the flavour of an OLE2 or zip container, and CSV, which is plain text.
 */
export async function detectAllowedType(
  head: Buffer,
  declared: string,
): Promise<string | undefined> {
  const bare = declared.split(';')[0]?.trim().toLowerCase() ?? '';
  const detected = await fileTypeFromBuffer(head);
  if (!detected) return TEXT.has(bare) && isText(head) ? bare : undefined;
  if (DETECTED.has(detected.mime)) return detected.mime;
  // A zip whose OOXML markers lie past the head, or an OLE2 compound file (.xls/.doc).
  if (detected.mime === 'application/zip' && OOXML.has(bare)) return bare;
  if (detected.mime === 'application/x-cfb' && OLE2.has(bare)) return bare;
  return undefined;
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

/**
 * The stored object, read once as it streams in: hashed, kept (its size is already known to be
 * within the limit) for the type check and the checks inside it, and passed on to `scanning`, the
 * malware scanner's end of the stream, which ends with it (or is destroyed if the read fails).
 */
async function readOnce(
  stream: NodeJS.ReadableStream,
  size: number,
  scanning: Writable | undefined,
) {
  const hash = createHash('sha256');
  const bytes = Buffer.allocUnsafe(size);
  let filled = 0;
  try {
    for await (const chunk of stream) {
      const part = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      // Bytes past the size that was checked: the object changed under us, so not this upload.
      if (filled + part.length > size) throw new DomainError('HASH_MISMATCH');
      part.copy(bytes, filled);
      filled += part.length;
      hash.update(part);
      if (scanning) await passOn(scanning, part);
    }
    if (filled !== size) throw new DomainError('HASH_MISMATCH');
  } catch (error) {
    scanning?.destroy();
    throw error;
  }
  scanning?.end();
  return { bytes, sha256: hash.digest('hex') };
}

/**
 * Hands a chunk on at the scanner's pace (the read waits while it catches up); once the scanner
 * has stopped reading (it gave up, or answered), the rest is not passed on.
 */
async function passOn(to: Writable, chunk: Buffer) {
  if (to.destroyed || to.write(chunk)) return;
  await new Promise<void>((resolve) => {
    const go = () => {
      to.off('drain', go);
      to.off('close', go);
      resolve();
    };
    to.on('drain', go);
    to.on('close', go);
  });
}

export interface VerifiedUpload {
  contentType: string;
  bytes: Buffer;
  /** Signals found inside the file for the checker, NOT_CHECKED among them if it could not be read. */
  flags: FraudFlag[];
}

/**
 * Checks the stored bytes of an upload before it may count (docs/product.md#api "Uploads"): present, within
 * the size limit, the declared size, an allowed type by magic bytes, the declared SHA-256, and (in
 * an isolated process) an XLSX or DOCX a real, sane package. The object is read from storage once,
 * streaming on to `scanning` (the malware scanner) as it is read. Answers the verified content
 * type, the bytes, and the signals found inside them, or throws the matching domain error.
 */
export async function verifyUpload(
  storage: Storage,
  contentChecker: ContentChecker,
  upload: { storageKey: string; size: number; fileHash: string; contentType: string },
  limits: { maxUploadBytes: number; uploadedAt: Date },
  scanning?: Writable,
): Promise<VerifiedUpload> {
  const stored = await storage.stat(upload.storageKey);
  if (!stored) throw new DomainError('UPLOAD_INCOMPLETE');
  if (stored.size > limits.maxUploadBytes) throw new DomainError('FILE_TOO_LARGE');
  if (stored.size !== upload.size) {
    throw new DomainError('HASH_MISMATCH', { message: 'domain.error.HASH_MISMATCH.size' });
  }
  const read = await storage.read(upload.storageKey);
  const { bytes, sha256 } = await readOnce(read, stored.size, scanning);
  // Magic bytes of the first 64 KiB only: bounded work, safe on the server's own event loop.
  const contentType = await detectAllowedType(bytes.subarray(0, HEAD_BYTES), upload.contentType);
  if (!contentType) throw new DomainError('UNSUPPORTED_FILE_TYPE');
  if (sha256 !== upload.fileHash) throw new DomainError('HASH_MISMATCH');
  const findings = await contentChecker.check({
    contentType,
    bytes,
    uploadedAt: limits.uploadedAt,
  });
  if (findings.notGenuine) {
    throw new DomainError('UNSUPPORTED_FILE_TYPE', {
      message: 'domain.error.UNSUPPORTED_FILE_TYPE.notGenuineOffice',
    });
  }
  return { contentType, bytes, flags: findings.flags };
}
