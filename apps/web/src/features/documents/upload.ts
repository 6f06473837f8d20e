import {
  ALLOWED_FILE_TYPES,
  contentTypeOfExtension,
  ErrorBodySchema,
  FileResponseSchema,
  isAllowedContentType,
  translate,
  type FileEntry,
} from '@portal/domain';
import { ApiError, apiSend, NoContentSchema } from '../../api/client';
import { addMessages, currentLanguage, i18n } from '../../i18n';
import { messages } from '../../i18n/messages/documentEntry';
import { filePath } from './document-set-ref';

addMessages(messages);

/** Where an upload is: hashing locally, sending the bytes, or the server checking them. */
export type UploadPhase =
  { step: 'hashing' } | { step: 'sending'; fraction: number } | { step: 'checking' };

/** The user stopped the upload; nothing changed on the server. */
export class UploadCancelled extends Error {
  constructor() {
    super('The upload was cancelled.');
    this.name = 'UploadCancelled';
  }
}

/** docs/product.md#api: the server checks the SHA-256 the browser declares. */
export async function sha256Hex(file: Blob): Promise<string> {
  // A view rather than the bare buffer: also accepted when the buffer comes from another
  // realm (the component tests' DOM).
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(await file.arrayBuffer()));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The file picker's `accept`: each MIME type with its name endings, as the dropzone wants it. */
export const ACCEPTED_FILES: Record<string, string[]> = Object.fromEntries(
  Object.entries(ALLOWED_FILE_TYPES).map(([contentType, { extensions }]) => [
    contentType,
    [...extensions],
  ]),
);

/** The same list as one `accept` attribute, for a plain file input. */
export const ACCEPT_ATTRIBUTE = Object.entries(ACCEPTED_FILES)
  .flatMap(([contentType, extensions]) => [contentType, ...extensions])
  .join(',');

/**
 * Browsers leave `type` empty or guess oddly for some files (a .csv as Excel on Windows);
 * the name's ending decides then. The server checks the real bytes anyway (docs/product.md#api).
 */
export function contentTypeOf(file: File): string {
  if (isAllowedContentType(file.type)) return file.type;
  const extension = /\.[^.]+$/.exec(file.name)?.[0] ?? '';
  return contentTypeOfExtension(extension) ?? (file.type || 'application/octet-stream');
}

function errorFromXhr(xhr: XMLHttpRequest): ApiError {
  try {
    const parsed = ErrorBodySchema.safeParse(JSON.parse(xhr.responseText));
    if (parsed.success) {
      return new ApiError(xhr.status, parsed.data.error.code, parsed.data.error.message);
    }
  } catch {
    // Not our JSON (object storage answers XML, a proxy HTML): the status decides below.
  }
  return new ApiError(
    xhr.status,
    `HTTP_${xhr.status}`,
    i18n._('documentEntry.error.notStored', { status: xhr.status }),
  );
}

/**
 * No answer at all: the device is offline, or the address refused the connection or dropped it
 * (the browser does not say which, nor whether it blocked a cross-origin request), so the words
 * name the address the file was going to.
 */
function unanswered(url: string): ApiError {
  if (!navigator.onLine) {
    return new ApiError(0, 'NETWORK_ERROR', i18n._('documentEntry.error.offline'));
  }
  const { host } = new URL(url, window.location.href);
  return new ApiError(0, 'NETWORK_ERROR', i18n._('documentEntry.error.network', { host }));
}

/**
 * The one way this app sends a file's bytes: a PUT of the file as the body, to a presigned
 * storage URL (documents) or to the API (loan statements). XMLHttpRequest rather than fetch:
 * only it reports upload progress. Answers the response text; `signal` stops the upload.
 */
export function sendBytes(
  url: string,
  file: Blob,
  options: {
    headers: Record<string, string>;
    onProgress: (fraction: number) => void;
    signal?: AbortSignal;
  },
): Promise<string> {
  const { headers, onProgress, signal } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new UploadCancelled());
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = (done: () => void) => {
      signal?.removeEventListener('abort', abort);
      done();
    };
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () =>
      settle(() =>
        xhr.status >= 200 && xhr.status < 300
          ? resolve(xhr.responseText)
          : reject(errorFromXhr(xhr)),
      );
    xhr.onerror = () => settle(() => reject(unanswered(url)));
    xhr.onabort = () => settle(() => reject(new UploadCancelled()));
    xhr.send(file);
  });
}

/** Header names are case-insensitive and XHR joins repeats, so each name is kept once. */
function uploadHeaders(contentType: string, fromServer: Record<string, string> = {}) {
  const headers: Record<string, string> = { 'content-type': contentType };
  for (const [name, value] of Object.entries(fromServer)) headers[name.toLowerCase()] = value;
  return headers;
}

/**
 * A started upload that will not be completed: closing it frees the slot's and the user's
 * pending-upload allowance at once. Best effort, as the hourly sweep closes it anyway.
 */
function closePendingUpload(filesPath: string, key: string): Promise<void> {
  return apiSend('DELETE', filePath(filesPath, key), undefined, NoContentSchema).catch(() => {});
}

export interface DocumentUpload {
  fileType: string;
  file: File | null;
  borrowerRemarks: string;
  /** The key of the slot's live file this one takes the place of, once complete. */
  replaces?: string;
  onPhase: (phase: UploadPhase) => void;
  /** Stops the upload until the bytes are sent; the server then keeps nothing of it. */
  signal?: AbortSignal;
}

/**
 * docs/product.md#api's three steps: declare the file (POST), send the bytes to the presigned URL (PUT),
 * then ask the server to check them (complete). Without a file it is a remarks-only entry,
 * complete at once (docs/product.md#validation: remarks alone may be uploaded). With `replaces`, the live file
 * keeps its slot until `complete` swaps the two in one transaction: a cancelled or failed
 * replacement leaves the slot as it was.
 */
export async function uploadDocument(
  filesPath: string,
  upload: DocumentUpload,
): Promise<FileEntry> {
  const { file, fileType, replaces, onPhase, signal } = upload;
  const borrowerRemarks = upload.borrowerRemarks.trim() || undefined;
  const declare = (details: object) =>
    apiSend(
      'POST',
      filesPath,
      { fileType, ...details, borrowerRemarks, replaces },
      FileResponseSchema,
      { signal },
    ).catch((error: unknown) => {
      throw signal?.aborted ? new UploadCancelled() : error;
    });
  if (!file) return declare({});

  onPhase({ step: 'hashing' });
  const contentType = contentTypeOf(file);
  const fileHash = await sha256Hex(file);
  if (signal?.aborted) throw new UploadCancelled();
  const created = await declare({ fileName: file.name, fileHash, size: file.size, contentType });
  const { presignedUrl } = created.meta;
  try {
    if (!presignedUrl) {
      throw new ApiError(0, 'INVALID_RESPONSE', i18n._('documentEntry.error.noUploadAddress'));
    }
    onPhase({ step: 'sending', fraction: 0 });
    await sendBytes(presignedUrl, file, {
      headers: uploadHeaders(contentType, created.meta.uploadHeaders),
      onProgress: (fraction) => onPhase({ step: 'sending', fraction }),
      signal,
    });
  } catch (error) {
    await closePendingUpload(filesPath, created.file.key);
    throw error;
  }
  // From here the server decides: a complete that seemed to fail may still have swapped the
  // files, so nothing is closed on its failure (the sweep closes what was refused).
  onPhase({ step: 'checking' });
  return apiSend(
    'POST',
    filePath(filesPath, created.file.key, { complete: true }),
    undefined,
    FileResponseSchema,
  );
}

/**
 * A refusal in the API's words when it gave them (in the screens' language), else in the words
 * its code has: object storage answers a file too large without them.
 */
function refusal(error: ApiError, code: 'FILE_TOO_LARGE' | 'UNSUPPORTED_FILE_TYPE'): string {
  return error.code === code ? error.message : translate(currentLanguage(), `domain.error.${code}`);
}

/** docs/product.md#look-and-feel: every refusal in words that say what to do. */
export function documentErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return i18n._('documentEntry.error.generic');
  if (error.status === 413) return refusal(error, 'FILE_TOO_LARGE');
  if (error.status === 415) return refusal(error, 'UNSUPPORTED_FILE_TYPE');
  switch (error.code) {
    case 'VALIDATION_FAILED':
      return i18n._('documentEntry.error.invalid', { message: sentence(error.message) });
  }
  // 409: the set changed meanwhile (someone else acted, or a step was already done);
  // the server's words say what, and the panel reloads the latest state.
  if (isConflict(error)) {
    return i18n._('documentEntry.error.conflict', { message: sentence(error.message) });
  }
  return error.message;
}

/** A 409: the set moved on without us, so the panel shows what it is now. */
export function isConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

// Hindi sentences end with the danda (।).
const sentence = (text: string) => (/[.!?।]$/.test(text) ? text : `${text}.`);
