import { DomainError } from '@portal/domain';

/** docs/product.md#api: presigned links live 15 minutes unless a caller asks otherwise. */
export const DEFAULT_EXPIRY_SECONDS = 15 * 60;
// S3 refuses presigned URLs that live longer than a week; the local driver keeps the same bound.
const MAX_EXPIRY_SECONDS = 7 * 24 * 60 * 60;

// A segment never starts with '.', so '.', '..' and the local driver's hidden temp files are
// impossible; 200 characters leave room for a temp-file suffix within a 255-byte file name.
const SEGMENT = /^[A-Za-z0-9_%-][A-Za-z0-9._%-]{0,199}$/;
const MAX_KEY_LENGTH = 1024;

/** True for keys like `units/UNIT-1/<uuid>`: safe as an S3 key and as a relative file path. */
export function isValidStorageKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && key.split('/').every((segment) => SEGMENT.test(segment));
}

/** Keys are made by the server, so a bad one is a bug, never the user's fault. */
export function assertValidKey(key: string): void {
  if (!isValidStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

/** A listing prefix: '' or whole segments, optionally ending in '/' or in part of a segment. */
export function assertValidPrefix(prefix: string): void {
  if (prefix === '') return;
  const segments = prefix.split('/');
  const last = segments.pop();
  if (!isValidStorageKey([...segments, last || 'x'].join('/'))) {
    throw new Error(`Invalid storage prefix: ${JSON.stringify(prefix)}`);
  }
}

/**
 * Turns any text (a lender's unit key, say) into one safe key segment, reversibly: characters
 * outside [A-Za-z0-9._-] and a leading '.' are percent-encoded as UTF-8.
 */
export function storageKeySegment(value: string): string {
  const encoded = Array.from(value, (char) =>
    /^[A-Za-z0-9._-]$/.test(char) ? char : percentEncode(char),
  ).join('');
  const segment = encoded.startsWith('.') ? `%2E${encoded.slice(1)}` : encoded;
  if (!SEGMENT.test(segment)) throw new Error(`Cannot make a storage key segment of ${value}`);
  return segment;
}

const percentEncode = (char: string) =>
  Array.from(
    Buffer.from(char),
    (byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
  ).join('');

export function expirySeconds(requested: number | undefined): number {
  const seconds = requested ?? DEFAULT_EXPIRY_SECONDS;
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_EXPIRY_SECONDS) {
    throw new Error(`expiresInSeconds must be an integer from 1 to ${MAX_EXPIRY_SECONDS}`);
  }
  return seconds;
}

// type/subtype with optional parameters; no quotes, commas or line breaks that could bend a header.
const CONTENT_TYPE =
  /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*(\s*;\s*[a-z0-9!#$&^_.+-]+=[a-z0-9!#$&^_.+-]+)*$/i;

/** Upload options come from the browser's declaration, so a bad one is a 400 (or 413), not a bug. */
export function checkUploadOptions(
  options: { contentType: string; size: number; sha256Hex: string },
  maxUploadBytes: number,
): void {
  checkContentType(options.contentType);
  if (!Number.isSafeInteger(options.size) || options.size < 0) {
    throw new DomainError('VALIDATION_FAILED', {
      message: 'domain.error.VALIDATION_FAILED.wholeBytes',
      field: 'size',
    });
  }
  if (options.size > maxUploadBytes) throw new DomainError('FILE_TOO_LARGE');
  if (!/^[0-9a-f]{64}$/i.test(options.sha256Hex)) {
    throw new DomainError('VALIDATION_FAILED', {
      message: 'domain.error.VALIDATION_FAILED.sha256',
      field: 'fileHash',
    });
  }
}

export function checkContentType(contentType: string): void {
  if (contentType.length > 255 || !CONTENT_TYPE.test(contentType)) {
    throw new DomainError('VALIDATION_FAILED', {
      message: 'domain.error.VALIDATION_FAILED.mediaType',
      field: 'contentType',
    });
  }
}

/**
 * `attachment` with an ASCII fallback name for old clients and the exact UTF-8 name (RFC 6266,
 * RFC 8187), so a download keeps the name the borrower gave it.
 */
export function contentDisposition(fileName: string): string {
  const wellFormed = fileName.replace(/[\uD800-\uDFFF]/gu, '\uFFFD');
  const fallback =
    wellFormed
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      // Quotes and backslashes would end the quoted string; '%' some browsers decode.
      .replace(/[^\x20-\x7e]|["\\%]/g, '_') || 'download';
  const encoded = encodeURIComponent(wellFormed).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
