import { describe, expect, it } from 'vitest';
import { builtPdf, encryptedPdf, jpegTakenOn } from '../../test/suspicious-files.ts';
import { inspectContent, pdfSignals, photoSignals } from './inspect-content.ts';

const uploadedAt = new Date('2026-11-24T06:00:00Z');

describe('PDF signals', () => {
  it('finds nothing in a PDF made once and never touched', async () => {
    expect(await pdfSignals(await builtPdf({ producer: 'HDFC Bank statement service' }))).toEqual(
      [],
    );
  });

  it('flags a password-protected PDF', async () => {
    expect(await pdfSignals(encryptedPdf())).toEqual([{ code: 'ENCRYPTED_PDF', detail: '' }]);
  });

  it('flags a PDF modified after it was created', async () => {
    const edited = await builtPdf({
      created: new Date('2024-01-10T10:00:00Z'),
      modified: new Date('2024-03-02T18:30:00Z'),
    });
    expect(await pdfSignals(edited)).toEqual([{ code: 'EDITED_PDF', detail: '' }]);
    // Seconds apart is how producers write both dates, not an edit.
    const written = await builtPdf({
      created: new Date('2024-01-10T10:00:00Z'),
      modified: new Date('2024-01-10T10:00:02Z'),
    });
    expect(await pdfSignals(written)).toEqual([]);
  });

  it('flags a PDF whose producer or creator is an editing program, naming it', async () => {
    expect(await pdfSignals(await builtPdf({ producer: 'Adobe Photoshop 25.0' }))).toEqual([
      { code: 'EDITED_PDF', detail: 'Adobe Photoshop 25.0' },
    ]);
    expect(await pdfSignals(await builtPdf({ creator: 'Wondershare PDFelement' }))).toEqual([
      { code: 'EDITED_PDF', detail: 'Wondershare PDFelement' },
    ]);
  });

  it('finds nothing in bytes that are no readable PDF', async () => {
    expect(await pdfSignals(Buffer.from('%PDF-1.4 and nothing else'))).toEqual([]);
  });
});

describe('photo signals', () => {
  it('flags a photo taken more than a year before its upload, or dated long after it', async () => {
    expect(await photoSignals(jpegTakenOn('2019:03:03 10:15:00'), uploadedAt)).toEqual([
      { code: 'OLD_PHOTO', detail: '2019-03-03' },
    ]);
    expect(await photoSignals(jpegTakenOn('2029:01:01 00:00:00'), uploadedAt)).toEqual([
      { code: 'OLD_PHOTO', detail: '2029-01-01' },
    ]);
  });

  it('finds nothing in a recent photo, one without a date, or a broken date', async () => {
    expect(await photoSignals(jpegTakenOn('2026:06:01 09:00:00'), uploadedAt)).toEqual([]);
    expect(await photoSignals(jpegTakenOn('0000:00:00 00:00:00'), uploadedAt)).toEqual([]);
    expect(await photoSignals(Buffer.from([0xff, 0xd8, 0xff, 0xd9]), uploadedAt)).toEqual([]);
  });

  it('reads only PDFs and JPEGs for signals', async () => {
    const bytes = jpegTakenOn('2019:03:03 10:15:00');
    expect(await inspectContent({ contentType: 'image/png', bytes, uploadedAt })).toEqual({
      notGenuine: false,
      flags: [],
    });
    expect(
      (await inspectContent({ contentType: 'image/jpeg', bytes, uploadedAt })).flags,
    ).toHaveLength(1);
  });
});
