import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, loggerOptions } from './app.ts';
import { loadEnv } from './env.ts';
import type { DatabaseHandle } from './db/client.ts';
import { openTestDatabase } from '../test/database.ts';
import { seedAccount } from '../test/factories.ts';
import { latestCodeFor } from '../test/mail.ts';

let handle: DatabaseHandle;
const lines: string[] = [];
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle?.close());

it('logs every request as JSON with its id, security events with the user, and never a password, code or token', async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const env = loadEnv({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000' });
  const app = await buildApp({
    env,
    db: handle.db,
    logger: Object.assign({}, loggerOptions('trace'), { stream }),
  });
  try {
    const account = await seedAccount(handle.db);
    const password = 'Very$ecret123';
    await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { accountId: account.key, email: account.email, password },
    });
    const code = await latestCodeFor(handle.db, account.email);
    await app.inject({
      method: 'POST',
      url: '/api/auth/signup/confirm',
      payload: { accountId: account.key, code },
    });
    const signin = await app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: account.key, password },
    });
    const token: string = signin.json().token;
    await app.inject({
      url: '/api/auth/session?token=abc',
      headers: { authorization: `Bearer ${token}` },
    });

    await app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: account.key, password: 'Wrong#pass1' },
    });

    const log = lines.join('');
    const events = lines.map((l) => JSON.parse(l)).filter((entry) => entry.securityEvent);
    // ASVS V16.3: sign-ins and refusals are logged with who and where, never with the secret.
    for (const securityEvent of ['SIGNED_UP', 'SIGNED_IN'])
      expect(events).toContainEqual(expect.objectContaining({ securityEvent, user: account.key }));
    expect(events).toContainEqual(
      expect.objectContaining({
        securityEvent: 'INVALID_CREDENTIALS',
        route: '/api/auth/signin',
        attempted: account.key,
      }),
    );
    expect(lines.length).toBeGreaterThan(4);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(lines.some((l) => JSON.parse(l).reqId)).toBe(true);
    expect(log).not.toContain(password);
    expect(log).not.toContain(token);
    expect(log).not.toContain(`"${code}"`);
    expect(log).not.toContain('token=abc');
  } finally {
    await app.close();
  }
});
