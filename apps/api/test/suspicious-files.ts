import { PDFDocument } from 'pdf-lib';

/** A one-page PDF made by pdf-lib with the given metadata (both dates now unless given). */
export async function builtPdf(
  metadata: {
    producer?: string;
    creator?: string;
    created?: Date;
    modified?: Date;
    text?: string;
  } = {},
): Promise<Buffer> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const page = pdf.addPage([200, 200]);
  page.drawText(metadata.text ?? 'Statement', { x: 20, y: 100, size: 12 });
  const now = new Date();
  pdf.setCreationDate(metadata.created ?? now);
  pdf.setModificationDate(metadata.modified ?? metadata.created ?? now);
  if (metadata.producer) pdf.setProducer(metadata.producer);
  if (metadata.creator) pdf.setCreator(metadata.creator);
  return Buffer.from(await pdf.save());
}

/**
 * A password-protected PDF as far as any reader can tell: pdf-lib cannot encrypt, so this is a
 * minimal PDF whose trailer names a standard security handler (/Encrypt).
 */
export function encryptedPdf(label = 'locked'): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
    `<< /Filter /Standard /V 2 /R 3 /Length 128 /P -3904 /O <${'a1'.repeat(32)}> /U <${'b2'.repeat(32)}> >>`,
  ];
  let body = `%PDF-1.6\n% ${label}\n`;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<${'c3'.repeat(16)}> <${'c3'.repeat(16)}>] >>\n`;
  body += `startxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body);
}

/**
 * A JPEG whose EXIF says when the photo was taken (DateTimeOriginal, 'YYYY:MM:DD hh:mm:ss'):
 * the start of image, an APP1 Exif segment (little-endian TIFF: IFD0 pointing at the Exif IFD,
 * which holds the date) and the end of image.
 */
export function jpegTakenOn(dateTime: string): Buffer {
  const date = Buffer.from(`${dateTime}\0`, 'latin1'); // 20 bytes
  const tiff = Buffer.alloc(8 + 18 + 18 + date.length);
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  // IFD0: one entry, ExifIFDPointer (0x8769, LONG) → offset 26.
  tiff.writeUInt16LE(1, 8);
  tiff.writeUInt16LE(0x8769, 10);
  tiff.writeUInt16LE(4, 12);
  tiff.writeUInt32LE(1, 14);
  tiff.writeUInt32LE(26, 18);
  tiff.writeUInt32LE(0, 22);
  // Exif IFD: one entry, DateTimeOriginal (0x9003, ASCII, 20 bytes) → offset 44.
  tiff.writeUInt16LE(1, 26);
  tiff.writeUInt16LE(0x9003, 28);
  tiff.writeUInt16LE(2, 30);
  tiff.writeUInt32LE(date.length, 32);
  tiff.writeUInt32LE(44, 36);
  tiff.writeUInt32LE(0, 40);
  date.copy(tiff, 44);
  const exif = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(exif.length + 2);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe1]),
    length,
    exif,
    Buffer.from([0xff, 0xd9]),
  ]);
}
