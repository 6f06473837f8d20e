import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A CRM stand-in on 127.0.0.1: keeps every delivery it accepts; answers 500 to the first
 * `failFirst` requests, and never answers while `hang` is set (to test a delivery cut short).
 */
export async function startWebhookReceiver(options: { failFirst?: number } = {}) {
  const received: ReceivedHook[] = [];
  let failures = options.failFirst ?? 0;
  let attempts = 0;
  const state = { hang: false };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      attempts++;
      if (state.hang) return;
      if (failures > 0) {
        failures--;
        res.writeHead(500).end('temporarily down');
        return;
      }
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    state,
    attempts: () => attempts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
