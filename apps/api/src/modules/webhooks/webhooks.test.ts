import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { webhookHandler } from './webhooks.ts';

// A receiver that moved: it answers every delivery with a redirect to somewhere else.
let redirects = 0;
let followed = 0;
const server = createServer((req, res) => {
  if (req.url === '/elsewhere') {
    followed++;
    res.writeHead(204).end();
    return;
  }
  redirects++;
  res.writeHead(307, { location: '/elsewhere' }).end();
});
let base: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it('never follows a redirect with a signed event: the delivery fails and is retried', async () => {
  const deliver = webhookHandler({ url: `${base}/hooks`, secret: 'whsec-test-0123456789' });
  const payload = { id: 'e1', type: 'unit.submitted', occurredAt: '', actor: {}, data: {} };
  await expect(deliver(payload, { id: 1, attempts: 0, createdAt: new Date() })).rejects.toThrow(
    /307/,
  );
  expect(redirects).toBe(1);
  expect(followed).toBe(0);
});
