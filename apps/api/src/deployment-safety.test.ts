import { rmSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { migratedDataDir } from '../test/database.ts';
import { freePort } from '../test/port.ts';
import { startServerProcess } from '../test/server-process.ts';
import { devMailDir } from './mail/configured-mailer.ts';
import { createDevOutboxMailer } from './mail/dev-outbox-mailer.ts';

/**
 * Issue: `npm start` on a reachable interface used to serve /dev/oidc (anyone signs in as an
 * admin), /dev/mail (every reset code) and accept the default integration key. These tests start
 * the real server as a newcomer would deploy it and try each convenience.
 */
const dataDirs: string[] = [];
const freshDataDir = async () => {
  const dir = await migratedDataDir('portal-deploy-');
  dataDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** Every development convenience, tried against a running server. */
async function triesEveryConvenience(base: string) {
  const status = async (url: string, init?: RequestInit) =>
    (await fetch(`${base}${url}`, { redirect: 'manual', ...init })).status;
  return {
    devProvider: await status('/dev/oidc/.well-known/openid-configuration'),
    devMail: await status('/dev/mail'),
    defaultIntegrationKey: await status('/api/import', {
      method: 'POST',
      headers: { authorization: 'Bearer dev-integration-key', 'content-type': 'application/json' },
      body: '{}',
    }),
  };
}

describe('a server reachable from other machines', () => {
  it('refuses to start on HOST=0.0.0.0 without production settings, naming what is missing', async () => {
    const port = await freePort();
    await expect(
      startServerProcess(
        { HOST: '0.0.0.0', DATA_DIR: await freshDataDir(), DEMO_DATA: 'false' },
        port,
      ),
    ).rejects.toThrow(/HOST=0\.0\.0\.0 makes the portal reachable[^]*SESSION_SECRET/);
  });

  it('with real settings but NODE_ENV unset, serves no development convenience', async () => {
    const port = await freePort();
    const server = await startServerProcess(
      {
        PUBLIC_URL: 'https://portal.lender.example',
        DATA_DIR: await freshDataDir(),
        DEMO_DATA: 'false',
        SESSION_SECRET: 'a-deployment-secret-of-at-least-32-chars',
        INTEGRATION_API_KEY: 'crm-integration-key-0123456789',
        SMTP_URL: 'smtp://127.0.0.1:9',
        OIDC_ISSUER: 'https://login.lender.example',
        OIDC_CLIENT_ID: 'borrower-portal',
        OIDC_CLIENT_SECRET: 'client-secret',
        STAFF_EMAIL_DOMAINS: 'lender.example',
      },
      port,
    );
    try {
      expect(await triesEveryConvenience(server.base)).toEqual({
        devProvider: 404,
        devMail: 404,
        defaultIntegrationKey: 401,
      });
    } finally {
      server.child.kill('SIGKILL');
    }
  });

  it('in production, even on loopback, serves no development convenience', async () => {
    const port = await freePort();
    const server = await startServerProcess(
      {
        NODE_ENV: 'production',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: await freshDataDir(),
        DEMO_DATA: 'false',
        SESSION_SECRET: 'a-deployment-secret-of-at-least-32-chars',
      },
      port,
    );
    try {
      expect(await triesEveryConvenience(server.base)).toEqual({
        devProvider: 404,
        devMail: 404,
        defaultIntegrationKey: 401,
      });
      // Staff sign-in is off rather than handed to a stand-in provider.
      const start = await fetch(`${server.base}/api/auth/oidc/start`, { redirect: 'manual' });
      expect(start.headers.get('location') ?? '').not.toContain('/dev/oidc');
    } finally {
      server.child.kill('SIGKILL');
    }
  });
});

describe('the development conveniences on a loopback server', () => {
  it('answer local requests only: never through a proxy or for a public host name', async () => {
    const t = await createTestApp();
    try {
      const devMail = (headers: Record<string, string>) =>
        t.app.inject({ url: '/dev/mail', headers });
      expect((await devMail({})).statusCode).toBe(200);
      expect((await devMail({ 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404);
      expect((await devMail({ forwarded: 'for=203.0.113.9' })).statusCode).toBe(404);
      expect((await devMail({ host: 'portal.lender.example' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  describe('over a socket, whatever the spelling of the path', () => {
    const code = '314159';
    let t: TestApp;
    let port: number;
    beforeAll(async () => {
      t = await createTestApp();
      await createDevOutboxMailer(devMailDir(t.env), t.env.MAIL_FROM).send({
        to: 'asha.mehta@example.com',
        subject: 'Reset your Borrower Portal password',
        text: `Your code:\n\n    ${code}\n`,
        html: `<p>${code}</p>`,
      });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as AddressInfo).port;
    });
    afterAll(() => t?.close());

    /** A GET with the path exactly as written: inject and fetch would tidy it first. */
    const get = (rawPath: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        request({ host: '127.0.0.1', port, path: rawPath, headers }, (response) => {
          let body = '';
          response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        })
          .on('error', reject)
          .end();
      });
    const proxied = { host: 'portal.lender.example', 'x-forwarded-for': '203.0.113.9' };
    const mailTo = '?to=asha.mehta%40example.com';
    const discovery = '.well-known/openid-configuration';
    const spellings = [
      ...spelledEveryWay('/dev/mail'),
      ...spelledEveryWay('/dev/mail/latest.json').map((p) => p + mailTo),
      '/dev/mail/latest%2Ejson' + mailTo,
      ...spelledEveryWay(`/dev/oidc/${discovery}`),
      `/dev/oidc/%2E${discovery.slice(1)}`,
      ...spelledEveryWay('/dev/oidc/interaction/no-such-interaction'),
    ];

    it('none answers a proxied request for a public host: refused, or not routed at all', async () => {
      const webAppPage = (await get('/', proxied)).body;
      const what = ({ status, body }: { status: number; body: string }) =>
        body === webAppPage || (status === 404 && body.includes('"code":"NOT_FOUND"'))
          ? 'not served'
          : `${status} ${body.slice(0, 200)}`;
      const answers: Record<string, string> = {};
      for (const rawPath of spellings) answers[rawPath] = what(await get(rawPath, proxied));
      expect(answers).toEqual(Object.fromEntries(spellings.map((p) => [p, 'not served'])));
    });

    it('the same conveniences still answer local requests', async () => {
      const latest = await get(`/dev/mail/latest.json${mailTo}`);
      expect(latest.status).toBe(200);
      expect(latest.body).toContain(code);
      const outbox = await get('/dev/mail');
      expect(outbox.status).toBe(200);
      expect(outbox.body).toContain(code);
      const provider = await get(`/dev/oidc/${discovery}`);
      expect(provider.status).toBe(200);
      expect(JSON.parse(provider.body)).toHaveProperty('authorization_endpoint');
      expect((await get('/dev/oidc/interaction/no-such-interaction')).status).toBe(400);
    });
  });
});

/** `/dev/…` as a client may spell it: encoded, with a slash encoded, doubled, upper-cased, dotted. */
function spelledEveryWay(devPath: string): string[] {
  const rest = devPath.slice('/dev/'.length);
  return [
    devPath,
    `${devPath}/`,
    `/%64ev/${rest}`,
    `/de%76/${rest}`,
    `/dev%2F${rest}`,
    `/dev%2f${rest}`,
    `//dev/${rest}`,
    `/DEV/${rest}`,
    `/dev/./${rest}`,
    `/api/../dev/${rest}`,
  ];
}
