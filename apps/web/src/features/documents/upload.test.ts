import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendBytes } from './upload';
import { stubStorage } from './panel-test-utils';

const send = (url: string) =>
  sendBytes(url, new Blob(['%PDF-1.4']), { headers: {}, onProgress: () => {} });

describe('an upload that fails says what failed', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('names the status storage refused the file with', async () => {
    stubStorage({ answer: { status: 503, text: '<Error><Code>SlowDown</Code></Error>' } });
    await expect(send('/api/storage/units/U1/f')).rejects.toMatchObject({
      status: 503,
      message: 'The file storage refused the file (HTTP 503). Please try again in a moment.',
    });
  });

  it('names the address that did not answer, rather than blaming the connection', async () => {
    stubStorage({ answer: 'no answer' });
    await expect(send('https://files.example.in/bucket/key?sig=1')).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      message: expect.stringMatching(/^The file could not be sent to files\.example\.in: /),
    });
  });

  it('says the device is offline when it is', async () => {
    stubStorage({ answer: 'no answer' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(send('/api/storage/units/U1/f')).rejects.toMatchObject({
      message: 'The upload stopped because this device is offline. Reconnect and try again.',
    });
  });
});
