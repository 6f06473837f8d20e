import {
  ALLOWED_FILE_EXTENSIONS,
  ErrorBodySchema,
  FileResponseSchema,
  isAllowedContentType,
  type AllowedContentType,
  type FileEntry,
} from '@portal/domain';
import { ApiError, apiSend } from '../../api/client';

/** Where an upload is: hashing locally, sending the bytes, or the server checking them. */
export type UploadPhase =
  { step: 'hashing' } | { step: 'sending'; fraction: number } | { step: 'checking' };

const NETWORK_MESSAGE =
  'The upload could not reach the server. Check your internet connection and try again.';

/** DESIGN §4: the server checks the SHA-256 the browser declares. */
export async function sha256Hex(file: Blob): Promise<string> {
  // A view rather than the bare buffer: also accepted when the buffer comes from another
  // realm (jsdom in the component tests).
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(await file.arrayBuffer()));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

type AllowedExtension = (typeof ALLOWED_FILE_EXTENSIONS)[number];

/** DESIGN §4's file types by name ending; the type makes every allowed ending appear. */
const CONTENT_TYPES_BY_EXTENSION: Record<AllowedExtension, AllowedContentType> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.xls': 'application/vnd.ms-excel',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.doc': 'application/msword',
  '.csv': 'text/csv',
};

/** The file picker's `accept`: each MIME type with its name endings, as the dropzone wants it. */
export const ACCEPTED_FILES: Record<string, string[]> = {};
for (const [extension, contentType] of Object.entries(CONTENT_TYPES_BY_EXTENSION)) {
  (ACCEPTED_FILES[contentType] ??= []).push(extension);
}

/**
 * Browsers leave `type` empty or guess oddly for some files (a .csv as Excel on Windows);
 * the name's ending decides then. The server checks the real bytes anyway (DESIGN §4).
 */
export function contentTypeOf(file: File): string {
  if (isAllowedContentType(file.type)) return file.type;
  const extension = /\.[^.]+$/.exec(file.name.toLowerCase())?.[0] ?? '';
  const byName = (CONTENT_TYPES_BY_EXTENSION as Record<string, AllowedContentType | undefined>)[
    extension
  ];
  return byName ?? (file.type || 'application/octet-stream');
}

function errorFromXhr(xhr: XMLHttpRequest): ApiError {
  try {
    const parsed = ErrorBodySchema.safeParse(JSON.parse(xhr.responseText));
    if (parsed.success) {
      return new ApiError(xhr.status, parsed.data.error.code, parsed.data.error.message);
    }
  } catch {
    // Not our JSON (object storage answers XML): the status decides below.
  }
  return new ApiError(xhr.status, `HTTP_${xhr.status}`, 'The storage refused the file.');
}

/** XMLHttpRequest rather than fetch: only it reports upload progress. */
function putBytes(
  url: string,
  file: File,
  headers: Record<string, string>,
  onProgress: (fraction: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(errorFromXhr(xhr));
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', NETWORK_MESSAGE));
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
 * DESIGN §4's three steps: declare the file (POST), send the bytes to the presigned URL (PUT),
 * then ask the server to check them (complete). Without a file it is a remarks-only entry,
 * complete at once (SPEC §5: remarks alone may be uploaded).
 */
export async function uploadDocument(
  filesPath: string,
  upload: {
    fileType: string;
    file: File | null;
    borrowerRemarks: string;
    onPhase: (phase: UploadPhase) => void;
  },
): Promise<FileEntry> {
  const borrowerRemarks = upload.borrowerRemarks.trim() || undefined;
  const { file, fileType, onPhase } = upload;
  if (!file) return apiSend('POST', filesPath, { fileType, borrowerRemarks }, FileResponseSchema);

  onPhase({ step: 'hashing' });
  const contentType = contentTypeOf(file);
  const created = await apiSend(
    'POST',
    filesPath,
    {
      fileType,
      fileName: file.name,
      fileHash: await sha256Hex(file),
      size: file.size,
      contentType,
      borrowerRemarks,
    },
    FileResponseSchema,
  );
  const { presignedUrl } = created.meta;
  if (!presignedUrl) {
    throw new ApiError(0, 'INVALID_RESPONSE', 'The server did not say where to send the file.');
  }
  onPhase({ step: 'sending', fraction: 0 });
  await putBytes(
    presignedUrl,
    file,
    uploadHeaders(contentType, created.meta.uploadHeaders),
    (fraction) => onPhase({ step: 'sending', fraction }),
  );
  onPhase({ step: 'checking' });
  return apiSend(
    'POST',
    `${filesPath}/${encodeURIComponent(created.file.key)}/complete`,
    undefined,
    FileResponseSchema,
  );
}

/** DESIGN §7: every refusal in words that say what to do. */
export function documentErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.';
  if (error.status === 413) {
    return 'This file is too large to upload. Choose a smaller file, or compress or split it.';
  }
  if (error.status === 415) {
    return 'This type of file is not accepted. Upload a PDF, PNG, JPEG, Excel, Word or CSV file.';
  }
  switch (error.code) {
    case 'HASH_MISMATCH':
      return 'The file did not arrive intact (it may have changed while uploading). Please upload it again.';
    case 'REMARKS_REQUIRED':
      return 'Write your remarks before approving or rejecting.';
    case 'VALIDATION_FAILED':
      return `${sentence(error.message)} Please correct it and try again.`;
  }
  // 409: the set changed meanwhile (someone else acted, or a step was already done);
  // the server's words say what, and the panel reloads the latest state.
  if (error.status === 409) {
    return `${sentence(error.message)} The documents below now show the latest state.`;
  }
  return error.message;
}

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);
