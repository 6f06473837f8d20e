import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** A minimal but real PDF: the magic bytes the upload check looks for, plus some body. */
export function pdfBytes(label = 'document'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n% ${label}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
}

export const sha256Hex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface UploadOptions {
  bytes?: Buffer;
  fileName?: string;
  contentType?: string;
  declare?: Partial<{ size: number; fileHash: string }>;
  /** Replace, don't delete: the key of the slot's live file this upload takes the place of. */
  replaces?: string;
}

/**
 * The first two steps of an upload (docs/product.md#api): metadata, then the presigned PUT (served by the
 * local storage routes of the same app). Answers each step's response.
 */
export async function sendDocument(
  app: FastifyInstance,
  token: string,
  filesUrl: string,
  fileType: string,
  options: UploadOptions = {},
) {
  const bytes = options.bytes ?? pdfBytes(fileType);
  const auth = { authorization: `Bearer ${token}` };
  const created = await app.inject({
    method: 'POST',
    url: filesUrl,
    headers: auth,
    payload: {
      fileType,
      fileName: options.fileName ?? `${fileType.toLowerCase()}.pdf`,
      fileHash: options.declare?.fileHash ?? sha256Hex(bytes),
      size: options.declare?.size ?? bytes.length,
      contentType: options.contentType ?? 'application/pdf',
      borrowerRemarks: `Remarks for ${fileType}`,
      replaces: options.replaces,
    },
  });
  if (created.statusCode !== 201) return { created, put: undefined };
  const { presignedUrl, uploadHeaders } = created.json().meta as {
    presignedUrl: string;
    uploadHeaders?: Record<string, string>;
  };
  const put = await app.inject({
    method: 'PUT',
    url: presignedUrl,
    headers: { ...uploadHeaders, 'content-type': options.contentType ?? 'application/pdf' },
    payload: bytes,
  });
  return { created, put };
}

/** Uploads through the real three steps: `sendDocument`, then complete. Answers each step's response. */
export async function uploadDocument(
  app: FastifyInstance,
  token: string,
  filesUrl: string,
  fileType: string,
  options: UploadOptions = {},
) {
  const { created, put } = await sendDocument(app, token, filesUrl, fileType, options);
  if (!put) return { created, put, completed: undefined };
  const completed = await app.inject({
    method: 'POST',
    url: `${filesUrl}/${created.json().file.key}/complete`,
    headers: { authorization: `Bearer ${token}` },
  });
  return { created, put, completed };
}

/** Follows a download link the API handed out (the local driver's, a path on the same app). */
export function download(app: FastifyInstance, presignedUrl: string) {
  return app.inject({ url: presignedUrl });
}

/** Uploads a file into each slot, failing the test if any upload is refused. */
export async function uploadAll(
  app: FastifyInstance,
  token: string,
  filesUrl: string,
  slots: readonly string[],
) {
  for (const slot of slots) {
    const { completed } = await uploadDocument(app, token, filesUrl, slot);
    if (completed?.statusCode !== 200)
      throw new Error(`upload of ${slot} answered ${completed?.statusCode}`);
  }
}

/** An approver reviews every pending file of a set, with remarks (a rejection: ILLEGIBLE), as `decide` says. */
export async function reviewAll(
  app: FastifyInstance,
  token: string,
  filesUrl: string,
  decide: (fileType: string) => 'APPROVED' | 'REJECTED',
) {
  const auth = { authorization: `Bearer ${token}` };
  const list = await app.inject({ url: `${filesUrl}?perPage=50`, headers: auth });
  const files = list.json().files as {
    file: { key: string; fileType: string; approvalStatus: string };
  }[];
  for (const { file } of files.filter((f) => f.file.approvalStatus === 'PENDING_APPROVAL')) {
    const status = decide(file.fileType);
    const res = await app.inject({
      method: 'PUT',
      url: `${filesUrl}/${file.key}`,
      headers: auth,
      payload: {
        approvalStatus: status,
        approverRemarks: `${status === 'APPROVED' ? 'Looks right' : 'Unreadable scan'}: ${file.fileType}`,
        ...(status === 'REJECTED' && { rejectionReason: 'ILLEGIBLE' }),
      },
    });
    if (res.statusCode !== 200)
      throw new Error(`review of ${file.fileType} answered ${res.statusCode}`);
  }
}
