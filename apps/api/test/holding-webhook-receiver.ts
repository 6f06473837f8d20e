import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signatureOf } from '../src/modules/webhooks/webhooks.ts';

export interface Delivery {
  /** The replica that sent it: the last segment of the URL it was configured with. */
  replica: string;
  eventId: string;
  body: string;
}

interface HeldDelivery extends Delivery {
  request: IncomingMessage;
  response: ServerResponse;
}

/**
 * A CRM stand-in on 127.0.0.1 for several replicas at once: each replica posts to its own path
 * (`url(name)`), so every delivery says who sent it. An event counts as received only when the
 * receiver acknowledges it (204), as a CRM that de-duplicates by event id would process it. While
 * `hold` is on, deliveries are kept unanswered; `release` acknowledges those whose sender is still
 * connected, and a delivery whose sender went away first is recorded as `cut`, never received.
 */
export async function startHoldingWebhookReceiver(secret: string) {
  const received: Delivery[] = [];
  const cut: Delivery[] = [];
  const held = new Set<HeldDelivery>();
  let badSignatures = 0;
  let holding = false;

  const kept = ({ replica, eventId, body }: HeldDelivery): Delivery => ({ replica, eventId, body });
  const acknowledge = (delivery: HeldDelivery) => {
    received.push(kept(delivery));
    delivery.response.writeHead(204).end();
  };
  const settle = (delivery: HeldDelivery) => {
    if (!held.delete(delivery)) return;
    if (delivery.request.socket.destroyed) cut.push(kept(delivery));
    else acknowledge(delivery);
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const timestamp = Number(request.headers['x-portal-timestamp']);
      if (request.headers['x-portal-signature'] !== signatureOf(secret, timestamp, body)) {
        badSignatures++;
        response.writeHead(401).end();
        return;
      }
      const delivery: HeldDelivery = {
        replica: request.url!.split('/').pop()!,
        eventId: String(request.headers['x-portal-event-id']),
        body,
        request,
        response,
      };
      if (!holding) return acknowledge(delivery);
      held.add(delivery);
      request.socket.once('close', () => settle(delivery));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: (replica: string) => `${base}/hooks/${replica}`,
    received,
    cut,
    badSignatures: () => badSignatures,
    heldFrom: (replica: string) => [...held].filter((d) => d.replica === replica).length,
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const delivery of held) settle(delivery);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
