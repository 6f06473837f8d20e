import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';

const CONFIGURED_ISSUER = {
  OIDC_ISSUER: 'https://login.lender.example',
  OIDC_CLIENT_ID: 'borrower-portal',
  OIDC_CLIENT_SECRET: 'client-secret',
};

/** What the sign-in page is told about staff sign-on, by an app built with `settings`. */
async function providersWith(settings: Record<string, string>) {
  const t = await createTestApp(settings);
  try {
    const res = await t.app.inject({ url: '/api/auth/providers' });
    expect(res.statusCode).toBe(200);
    return res.json();
  } finally {
    await t.close();
  }
}

describe('GET /api/auth/providers', () => {
  it('names the bundled development provider, or the name it is given', async () => {
    expect(await providersWith({})).toEqual({ staff: { name: 'Demo Staff Sign-In' } });
    expect(await providersWith({ OIDC_PROVIDER_NAME: '  Lender Okta ' })).toEqual({
      staff: { name: 'Lender Okta' },
    });
  });

  it('names a configured issuer plainly unless OIDC_PROVIDER_NAME says more', async () => {
    expect(await providersWith(CONFIGURED_ISSUER)).toEqual({ staff: { name: 'Single Sign-On' } });
    expect(
      await providersWith({ ...CONFIGURED_ISSUER, OIDC_PROVIDER_NAME: 'Lender Google Workspace' }),
    ).toEqual({ staff: { name: 'Lender Google Workspace' } });
  });

  it('answers null when staff sign-on is off', async () => {
    expect(
      await providersWith({
        NODE_ENV: 'production',
        SESSION_SECRET: 'a-deployment-secret-of-at-least-32-chars',
        OIDC_PROVIDER_NAME: 'Unused',
      }),
    ).toEqual({ staff: null });
  });
});
