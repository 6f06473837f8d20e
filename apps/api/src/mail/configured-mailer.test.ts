import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configuredMailer, devMailDir } from './configured-mailer.ts';

const base = { MAIL_FROM: 'no-reply@portal.example', DATA_DIR: './.data' };

describe('configuredMailer', () => {
  it('uses SMTP whenever SMTP_URL is set, on loopback or not', () => {
    const SMTP_URL = 'smtp://127.0.0.1:2525';
    expect(configuredMailer({ ...base, SMTP_URL, devConveniences: false })?.kind).toBe('smtp');
    expect(configuredMailer({ ...base, SMTP_URL, devConveniences: true })?.kind).toBe('smtp');
  });

  it('uses the dev outbox only without SMTP_URL on a loopback-only development server', () => {
    expect(configuredMailer({ ...base, SMTP_URL: undefined, devConveniences: true })?.kind).toBe(
      'dev-outbox',
    );
    expect(
      configuredMailer({ ...base, SMTP_URL: undefined, devConveniences: false }),
    ).toBeUndefined();
  });

  it('keeps dev mail in DATA_DIR/mail', () => {
    expect(devMailDir({ DATA_DIR: './.data' })).toBe(path.resolve('.data', 'mail'));
  });
});
