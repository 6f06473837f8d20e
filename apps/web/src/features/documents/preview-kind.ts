/**
 * Which stored files the panel shows inline: PDFs (drawn by pdf.js) and PNG or JPEG images.
 * Other types (Excel, Word, CSV) are only downloaded.
 */
export type PreviewKind = 'pdf' | 'image';

export function previewKind(contentType: string | null): PreviewKind | null {
  if (contentType === 'application/pdf') return 'pdf';
  if (contentType === 'image/png' || contentType === 'image/jpeg') return 'image';
  return null;
}
