import { constants, createDeflate } from 'node:zlib';
import { PNG } from 'pngjs';
import { DOCX, docxEntries, XLSX, xlsxBombBytes, xlsxEntries, zipBytes } from './office-files.ts';
import { builtPdf, jpegTakenOn } from './suspicious-files.ts';

/**
 * Files made to hurt whatever reads them, generated here so the tests need no fixtures: each
 * names what it is, the type a browser would declare, and how `complete` answers it.
 */
export interface HostileFile {
  name: string;
  contentType: string;
  bytes: Buffer;
  /** 200: counted (perhaps flagged NOT_CHECKED); 415: refused as no genuine file of its type. */
  status: 200 | 415;
}

const MiB = 1024 * 1024;

/** zlib-deflated zeros, streamed so the test never holds the inflated size itself. */
async function deflatedZeros(mib: number): Promise<Buffer> {
  // Run-length matching: the same ~1 MB as the default strategy, five times sooner for zeros.
  const deflate = createDeflate({ level: 9, strategy: constants.Z_RLE });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const zeros = Buffer.alloc(MiB);
  for (let i = 0; i < mib; i++) {
    if (!deflate.write(zeros)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  await new Promise((resolve) => deflate.end(resolve));
  return Buffer.concat(chunks);
}

let inflatingBody: Promise<Buffer> | undefined;

/**
 * A ~1 MB PDF whose compressed object stream inflates to `mib` MiB (1 GiB by default): a PDF
 * reader inflates object streams as it opens the file. `label` makes each copy's bytes differ.
 */
export async function inflatingPdf(label = 'bomb'): Promise<Buffer> {
  const body = await (inflatingBody ??= deflatedZeros(1024));
  return Buffer.concat([
    Buffer.from(
      `%PDF-1.7\n% ${label}\n1 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${body.length} >>\nstream\n`,
    ),
    body,
    Buffer.from(
      '\nendstream\nendobj\n2 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 2 0 R >>\n%%EOF\n',
    ),
  ]);
}

/** A PDF whose one object is an array nested 300,000 deep, then a dictionary as deep. */
export function deeplyNestedPdf(): Buffer {
  const depth = 300_000;
  return Buffer.from(
    `%PDF-1.7\n1 0 obj\n${'['.repeat(depth)}${']'.repeat(depth)}\nendobj\n` +
      `2 0 obj\n${'<< /A '.repeat(depth)}${'>>'.repeat(depth)}\nendobj\n` +
      'trailer\n<< /Root 1 0 R >>\n%%EOF\n',
  );
}

/**
 * An Office package whose central directory lists one deflated megabyte of zeros 4,000 times,
 * every entry overlapping the same bytes (an "overlapping" zip bomb: ~1 KB that unpacks to 4 GB).
 * With `claimedSize` the entries lie about their size, as a bomb made to slip past size checks does.
 */
export async function overlappingZipBomb(
  parts: typeof xlsxEntries,
  claimedSize?: number,
): Promise<Buffer> {
  const zip = zipBytes([
    ...parts(),
    { name: 'media/kernel0000.bin', data: Buffer.alloc(MiB), declaredSize: claimedSize },
  ]);
  const end = zip.length - 22;
  const directoryOffset = zip.readUInt32LE(end + 16);
  const directory = zip.subarray(directoryOffset, end);
  // The kernel's directory record is the last one: 46 bytes and its 20-byte name.
  const kernel = directory.subarray(directory.length - 66);
  const copies = Array.from({ length: 3_999 }, (_, i) => {
    const copy = Buffer.from(kernel);
    copy.write(`media/kernel${String(i + 1).padStart(4, '0')}.bin`, 46, 'latin1');
    return copy;
  });
  const entries = zip.readUInt16LE(end + 8) + copies.length;
  const newDirectory = Buffer.concat([directory, ...copies]);
  const record = Buffer.from(zip.subarray(end));
  record.writeUInt16LE(entries, 8);
  record.writeUInt16LE(entries, 10);
  record.writeUInt32LE(newDirectory.length, 12);
  return Buffer.concat([zip.subarray(0, directoryOffset), newDirectory, record]);
}

/**
 * A JPEG whose frame claims 65535 × 65535 pixels, after an Exif block filling its segment whose
 * 5,000 tags each claim a billion values at offsets past the end.
 */
export function giantJpeg(): Buffer {
  const tiff = Buffer.alloc(65_533 - 2 - 6, 0);
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  const tags = 5_000;
  tiff.writeUInt16LE(tags, 8);
  for (let i = 0; i < tags; i++) {
    const at = 10 + i * 12;
    tiff.writeUInt16LE(0x9000 + (i % 0x0fff), at);
    tiff.writeUInt16LE(4, at + 2); // LONG
    tiff.writeUInt32LE(0x3fffffff, at + 4);
    tiff.writeUInt32LE(0xfffffff0 - i, at + 8);
  }
  const app1 = Buffer.concat([
    Buffer.from([0xff, 0xe1, 0xff, 0xff]),
    Buffer.from('Exif\0\0'),
    tiff,
  ]);
  const frame = Buffer.from([
    0xff, 0xc0, 0x00, 0x11, 0x08, 0xff, 0xff, 0xff, 0xff, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01,
    0x03, 0x11, 0x01,
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app1, frame, Buffer.from([0xff, 0xd9])]);
}

function pngBytes(): Buffer {
  const png = new PNG({ width: 64, height: 64 });
  png.data.fill(0x7f);
  return PNG.sync.write(png);
}

const half = (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length / 2));

/** The whole corpus but the inflating PDF, which has a test of its own (it takes a while to make). */
export async function hostileFiles(): Promise<HostileFile[]> {
  const pdf = await builtPdf({ text: 'A statement long enough to cut in half' });
  return [
    {
      name: 'deeply-nested.pdf',
      contentType: 'application/pdf',
      bytes: deeplyNestedPdf(),
      status: 200,
    },
    {
      name: 'overlapping-bomb.xlsx',
      contentType: XLSX,
      bytes: await overlappingZipBomb(xlsxEntries),
      status: 415,
    },
    {
      name: 'overlapping-bomb.docx',
      contentType: DOCX,
      bytes: await overlappingZipBomb(docxEntries),
      status: 415,
    },
    // Claiming 1 KB each it passes the look at the directory, which never unpacks anything.
    {
      name: 'lying-overlapping-bomb.xlsx',
      contentType: XLSX,
      bytes: await overlappingZipBomb(xlsxEntries, 1024),
      status: 200,
    },
    {
      name: 'nested-bomb.xlsx',
      contentType: XLSX,
      bytes: zipBytes([
        ...xlsxEntries(),
        { name: 'xl/embeddings/package.zip', data: xlsxBombBytes() },
      ]),
      status: 200,
    },
    { name: 'giant.jpg', contentType: 'image/jpeg', bytes: giantJpeg(), status: 200 },
    { name: 'truncated.pdf', contentType: 'application/pdf', bytes: half(pdf), status: 200 },
    { name: 'truncated.png', contentType: 'image/png', bytes: half(pngBytes()), status: 200 },
    {
      name: 'truncated.jpg',
      contentType: 'image/jpeg',
      bytes: half(jpegTakenOn('2026:06:01 09:00:00')),
      status: 200,
    },
    {
      name: 'truncated.xlsx',
      contentType: XLSX,
      bytes: half(zipBytes(xlsxEntries())),
      status: 415,
    },
    {
      name: 'truncated.docx',
      contentType: DOCX,
      bytes: half(zipBytes(docxEntries())),
      status: 415,
    },
    {
      name: 'truncated.csv',
      contentType: 'text/csv',
      bytes: Buffer.from('date,amount,payee\n2026-04-01,100,श्री').subarray(0, 40),
      status: 200,
    },
  ];
}
