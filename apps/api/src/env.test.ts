import { describe, expect, it } from 'vitest';
import { ConfigError, isLoopbackHost, loadEnv } from './env.ts';

const realSettings = {
  PUBLIC_URL: 'https://portal.lender.example',
  SESSION_SECRET: 'a-production-secret-of-at-least-32-chars',
  INTEGRATION_API_KEY: 'crm-integration-key-0123456789',
  SMTP_URL: 'smtp://relay.lender.example:587',
  OIDC_ISSUER: 'https://login.lender.example',
  OIDC_CLIENT_ID: 'borrower-portal',
  OIDC_CLIENT_SECRET: 'client-secret',
  STAFF_EMAIL_DOMAINS: 'lender.example',
};

const refusal = (source: Record<string, string>) => {
  try {
    loadEnv(source);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
};

describe('deployment safety (docs/product.md#api)', () => {
  it('listens on loopback by default, where the development conveniences run', () => {
    const env = loadEnv({});
    expect(env.HOST).toBe('127.0.0.1');
    expect(env.devConveniences).toBe(true);
    expect(env.INTEGRATION_API_KEY).toBe('dev-integration-key');
  });

  it('refuses to start on a non-loopback HOST without production settings, naming what is missing', () => {
    const message = refusal({ HOST: '0.0.0.0' });
    expect(message).toContain('HOST=0.0.0.0 makes the portal reachable from other machines');
    expect(message).toContain('Set NODE_ENV=production, or set');
    for (const name of ['SESSION_SECRET', 'INTEGRATION_API_KEY', 'SMTP_URL', 'OIDC_ISSUER'])
      expect(message).toContain(name);
    expect(refusal({ HOST: '0.0.0.0', SMTP_URL: realSettings.SMTP_URL })).not.toMatch(
      /or set [^.]*SMTP_URL/,
    );
  });

  it('refuses a public PUBLIC_URL on loopback too (a reverse proxy in front of a dev server)', () => {
    expect(refusal({ PUBLIC_URL: 'https://portal.lender.example' })).toContain(
      'PUBLIC_URL=https://portal.lender.example makes the portal reachable',
    );
  });

  it('starts off loopback with every real setting, with no development convenience', () => {
    const env = loadEnv({ HOST: '0.0.0.0', ...realSettings });
    expect(env.devConveniences).toBe(false);
    expect(env.INTEGRATION_API_KEY).toBe(realSettings.INTEGRATION_API_KEY);
  });

  it('never turns the conveniences on in production, even on loopback', () => {
    const env = loadEnv({
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://localhost:3000',
      SESSION_SECRET: realSettings.SESSION_SECRET,
    });
    expect(env.devConveniences).toBe(false);
    expect(env.INTEGRATION_API_KEY).toBeUndefined();
  });

  it('requires STAFF_EMAIL_DOMAINS with OIDC_ISSUER in production', () => {
    const { STAFF_EMAIL_DOMAINS: _omitted, ...withoutDomains } = realSettings;
    expect(refusal({ NODE_ENV: 'production', ...withoutDomains })).toContain(
      'STAFF_EMAIL_DOMAINS: is required in production with OIDC_ISSUER',
    );
    expect(refusal({ ...realSettings, STAFF_EMAIL_DOMAINS: 'not a domain' })).toContain(
      'STAFF_EMAIL_DOMAINS',
    );
    expect(
      loadEnv({ ...realSettings, STAFF_EMAIL_DOMAINS: 'Lender.Example, ops.lender.example' }),
    ).toMatchObject({ STAFF_EMAIL_DOMAINS: ['lender.example', 'ops.lender.example'] });
  });

  it('knows loopback names and addresses', () => {
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]', 'app.localhost'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.5', 'portal.lender.example', '127.example.com'])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});

describe('TRUST_PROXY', () => {
  it('is off unless set, and takes a hop count or a list of addresses and ranges', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7, loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'loopback',
    ]);
    expect(refusal({ TRUST_PROXY: 'true' })).toContain('TRUST_PROXY');
    expect(refusal({ TRUST_PROXY: '10.0.0.0/99' })).toContain('10.0.0.0/99');
  });
});

describe('INTEGRATION_API_KEY_PREVIOUS', () => {
  it('is accepted only beside a new INTEGRATION_API_KEY, with the same minimum length', () => {
    const previous = 'old-crm-integration-key-0123456789';
    expect(
      loadEnv({
        INTEGRATION_API_KEY: realSettings.INTEGRATION_API_KEY,
        INTEGRATION_API_KEY_PREVIOUS: previous,
      }).INTEGRATION_API_KEY_PREVIOUS,
    ).toBe(previous);
    expect(refusal({ INTEGRATION_API_KEY_PREVIOUS: previous })).toContain(
      'INTEGRATION_API_KEY_PREVIOUS: is accepted only beside a new INTEGRATION_API_KEY',
    );
    expect(
      refusal({
        INTEGRATION_API_KEY: realSettings.INTEGRATION_API_KEY,
        INTEGRATION_API_KEY_PREVIOUS: 'short',
      }),
    ).toContain('INTEGRATION_API_KEY_PREVIOUS: must be at least 16 characters');
  });
});

describe('metrics and tracing settings', () => {
  it('takes a metrics token of 16+ characters and an OTLP endpoint URL, both off by default', () => {
    const defaults = loadEnv({});
    expect(defaults.METRICS_TOKEN).toBeUndefined();
    expect(defaults.OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
    expect(defaults.OTEL_SERVICE_NAME).toBe('borrower-portal');
    const on = loadEnv({
      METRICS_TOKEN: 'prometheus-scrape-token-0123',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318',
    });
    expect(on.METRICS_TOKEN).toBe('prometheus-scrape-token-0123');
    expect(on.OTEL_EXPORTER_OTLP_ENDPOINT).toBe('http://otel-collector:4318');
    expect(refusal({ METRICS_TOKEN: 'short' })).toContain(
      'METRICS_TOKEN: must be at least 16 characters',
    );
    expect(refusal({ OTEL_EXPORTER_OTLP_ENDPOINT: 'otel-collector:4318' })).toContain(
      'OTEL_EXPORTER_OTLP_ENDPOINT: must be an http:// or https:// URL',
    );
  });
});

describe('DEMO_DATA', () => {
  const production = { NODE_ENV: 'production', ...realSettings };
  const postgres = { DATABASE_URL: 'postgres://portal@db.internal:5432/portal' };

  it('loads the demo book into a fresh embedded database outside production', () => {
    expect(loadEnv({}).DEMO_DATA).toBe(true);
    expect(loadEnv(postgres).DEMO_DATA).toBe(false);
  });

  it('in production loads it only when asked for, whichever database', () => {
    expect(loadEnv(production).DEMO_DATA).toBe(false);
    expect(loadEnv({ ...production, ...postgres }).DEMO_DATA).toBe(false);
    expect(loadEnv({ ...production, DEMO_DATA: 'true' }).DEMO_DATA).toBe(true);
    expect(loadEnv({ ...production, ...postgres, DEMO_DATA: 'true' }).DEMO_DATA).toBe(true);
    expect(loadEnv({ DEMO_DATA: 'false' }).DEMO_DATA).toBe(false);
  });
});
