import { describe, expect, it } from 'vitest';
import { fraudFlagMessage } from './fraud-flags.ts';

const uploadedAt = '2026-11-24T06:00:00.000Z';

describe('fraud flag explanations', () => {
  it('says in plain words what each signal means', () => {
    expect(fraudFlagMessage({ code: 'REUSED_DOCUMENT', detail: 'ACC-2' }, uploadedAt)).toBe(
      "The same file was uploaded for another borrower's account (ACC-2)",
    );
    expect(fraudFlagMessage({ code: 'ENCRYPTED_PDF', detail: '' }, uploadedAt)).toBe(
      'This PDF is password-protected',
    );
    expect(fraudFlagMessage({ code: 'EDITED_PDF', detail: 'Adobe Photoshop' }, uploadedAt)).toBe(
      'This PDF was modified after it was created (edited with Adobe Photoshop)',
    );
    expect(fraudFlagMessage({ code: 'EDITED_PDF', detail: '' }, uploadedAt)).toBe(
      'This PDF was modified after it was created',
    );
  });

  it('tells an old photo from one dated after its upload', () => {
    expect(fraudFlagMessage({ code: 'OLD_PHOTO', detail: '2019-03-03' }, uploadedAt)).toBe(
      'This photo was taken on 3 Mar 2019, long before it was uploaded',
    );
    expect(fraudFlagMessage({ code: 'OLD_PHOTO', detail: '2030-01-05' }, uploadedAt)).toBe(
      "This photo is dated 5 Jan 2030, long after it was uploaded (the camera's clock may be wrong)",
    );
  });

  it('says why a file could not be checked automatically', () => {
    expect(fraudFlagMessage({ code: 'NOT_CHECKED', detail: 'time' }, uploadedAt)).toBe(
      'This file could not be checked automatically: reading it took too long. Open it and check it yourself',
    );
    expect(fraudFlagMessage({ code: 'NOT_CHECKED', detail: 'memory' }, uploadedAt, 'hi')).toBe(
      'इस फ़ाइल की स्वचालित जाँच नहीं हो सकी: इसे पढ़ने के लिए बहुत अधिक मेमोरी चाहिए थी। इसे खोलकर स्वयं जाँचें',
    );
    expect(fraudFlagMessage({ code: 'NOT_CHECKED', detail: 'busy' }, uploadedAt)).toBe(
      'This file could not be checked automatically. Open it and check it yourself',
    );
  });
});
