import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { currentMonthIn } from '@portal/domain';
import {
  createFreshPostgresDatabase,
  migratedDataDir,
  testPostgresUrl,
} from '../../../test/database.ts';
import { freePort } from '../../../test/port.ts';
import { startServerProcess } from '../../../test/server-process.ts';
import { startWebhookReceiver } from '../../../test/webhook-receiver.ts';

const KEY = 'crash-test-integration-key-0123';
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let dataDir: string;
let database: { env: Record<string, string>; drop(): Promise<void> };

/** PGlite in a folder by default; a fresh PostgreSQL database when TEST_DATABASE_URL is set. */
async function serverDatabase(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const serverUrl = testPostgresUrl();
  if (!serverUrl) return { env: {}, drop: async () => {} };
  const fresh = await createFreshPostgresDatabase(serverUrl);
  return { env: { DATABASE_URL: fresh.url }, drop: fresh.drop };
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  database = await serverDatabase();
  dataDir = await migratedDataDir('portal-crash-');
});
afterAll(async () => {
  await receiver.close();
  await database.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function json(res: Response) {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return res.status === 204 ? undefined : res.json();
}

it('loses no event when the API is killed mid-delivery and restarted', async () => {
  const port = await freePort();
  const env = {
    ...database.env,
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DEMO_DATA: 'false',
    INTEGRATION_API_KEY: KEY,
    WEBHOOK_URL: receiver.url,
    WEBHOOK_SECRET: 'crash-test-secret',
  };
  let server = await startServerProcess(env, port);
  const post = (url: string, body: object, headers: Record<string, string> = {}) =>
    fetch(`${server.base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  await json(
    await post(
      '/api/import',
      {
        accounts: [{ key: 'CRASH1', name: 'Crash Test Builders', email: 'crash@borrower.example' }],
        collaterals: [{ key: 'COL-CRASH', accountId: 'CRASH1', collateralName: 'Receivables' }],
      },
      { authorization: `Bearer ${KEY}` },
    ),
  );
  const password = 'Crash#2026pass';
  await json(
    await post('/api/auth/signup', {
      accountId: 'CRASH1',
      email: 'crash@borrower.example',
      password,
    }),
  );
  let code: string | undefined;
  for (let i = 0; i < 40 && !code; i++) {
    const mail = await fetch(`${server.base}/dev/mail/latest.json?to=crash@borrower.example`);
    if (mail.ok) code = /\b(\d{6})\b/.exec(((await mail.json()) as { text: string }).text)?.[1];
    else await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await json(await post('/api/auth/signup/confirm', { accountId: 'CRASH1', code: code! }));
  const { token } = (await json(
    await post('/api/auth/signin', { username: 'CRASH1', password }),
  )) as { token: string };

  // The receiver takes the delivery and never answers: the API dies while it waits.
  receiver.state.hang = true;
  const { year, month } = currentMonthIn('Asia/Kolkata');
  await json(
    await post(
      '/api/collaterals/COL-CRASH/frequencies',
      { frequency: 1, month, year },
      { authorization: `Bearer ${token}` },
    ),
  );
  for (let i = 0; i < 80 && receiver.attempts() === 0; i++)
    await new Promise((resolve) => setTimeout(resolve, 100));
  expect(receiver.attempts()).toBe(1);
  server.child.kill('SIGKILL');
  await new Promise((resolve) => server.child.once('exit', resolve));

  receiver.state.hang = false;
  server = await startServerProcess(env, port);
  try {
    for (let i = 0; i < 100 && receiver.received.length === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received).toHaveLength(1);
    const event = JSON.parse(receiver.received[0]!.body) as {
      type: string;
      data: { collateralKey: string };
    };
    expect(event).toMatchObject({
      type: 'frequency.created',
      data: { collateralKey: 'COL-CRASH' },
    });
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
  }
}, 180_000);
