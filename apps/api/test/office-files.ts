import { crc32, deflateRawSync } from 'node:zlib';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export interface ZipEntry {
  name: string;
  data: Buffer | string;
  /** The uncompressed size the headers claim instead of the real one, as a crafted bomb does. */
  declaredSize?: number;
}

/**
 * A zip archive (PKWARE APPNOTE 4.3: local headers, central directory, end record), every entry
 * deflated. Written here rather than with a library so a test can make the headers lie.
 */
export function zipBytes(entries: readonly ZipEntry[]): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = Buffer.from(entry.data);
    const packed = deflateRawSync(data);
    const name = Buffer.from(entry.name);
    const sizes = {
      crc: crc32(data),
      packed: packed.length,
      size: entry.declaredSize ?? data.length,
    };

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(sizes.crc, 14);
    local.writeUInt32LE(sizes.packed, 18);
    local.writeUInt32LE(sizes.size, 22);
    local.writeUInt16LE(name.length, 26);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    central.writeUInt16LE(20, 6); // needed
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(sizes.crc, 16);
    central.writeUInt32LE(sizes.packed, 20);
    central.writeUInt32LE(sizes.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);

    parts.push(local, name, packed);
    directory.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directoryBytes, end]);
}

const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

function contentTypes(mainPart: string, mainType: string): ZipEntry {
  return {
    name: '[Content_Types].xml',
    data:
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      `<Override PartName="/${mainPart}" ContentType="${mainType}"/></Types>`,
  };
}

function packageRelationships(mainPart: string): ZipEntry {
  return {
    name: '_rels/.rels',
    data:
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="${mainPart}"/>` +
      '</Relationships>',
  };
}

/** The parts of a small but real workbook, as a spreadsheet program writes them. */
export function xlsxEntries(sheetXml = '<sheetData/>'): ZipEntry[] {
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  return [
    contentTypes(
      'xl/workbook.xml',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
    ),
    packageRelationships('xl/workbook.xml'),
    {
      name: 'xl/workbook.xml',
      data: `${XML}<workbook xmlns="${main}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="Ledger" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data:
        `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        '</Relationships>',
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: `${XML}<worksheet xmlns="${main}">${sheetXml}</worksheet>`,
    },
  ];
}

/** The parts of a small but real Word document. */
export function docxEntries(): ZipEntry[] {
  return [
    contentTypes(
      'word/document.xml',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
    ),
    packageRelationships('word/document.xml'),
    {
      name: 'word/document.xml',
      data: `${XML}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Sale deed</w:t></w:r></w:p></w:body></w:document>`,
    },
  ];
}

/**
 * A zip bomb named .xlsx: a real workbook whose sheet is 20 MiB of blanks that deflate to
 * about 20 KiB, a thousand times smaller.
 */
export function xlsxBombBytes(): Buffer {
  return zipBytes(xlsxEntries(`<sheetData>${' '.repeat(20 * 1024 * 1024)}</sheetData>`));
}
