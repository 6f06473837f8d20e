import type { z } from 'zod';
import { EnvSchema } from './env.ts';

/** What an operator reads about one setting: its default in words (when not the schema's own) and its meaning. */
interface SettingDoc {
  default?: string;
  meaning: string;
}

type SettingName = keyof z.input<typeof EnvSchema>;

/**
 * The README's configuration table, one row per setting of the env schema. Keyed by the schema's
 * own names, so a setting added to the schema does not compile until it is documented here.
 */
export const SETTING_DOCS: Record<SettingName, SettingDoc> = {
  NODE_ENV: {
    meaning: '`production` turns off every development convenience, wherever the server listens',
  },
  PORT: { meaning: 'HTTP port for the API and the web app' },
  HOST: {
    meaning:
      'interface to listen on. Anything but loopback is a deployment: see [Deploying](#deploying)',
  },
  PUBLIC_URL: {
    default: '`http://localhost:$PORT`',
    meaning:
      'the address users reach; required in production. Cookies are `Secure` when it is https',
  },
  DATA_DIR: {
    meaning: 'embedded database and local file storage. One process per folder (locked)',
  },
  DATABASE_URL: { meaning: 'PostgreSQL (`postgres://…`); when set, PGlite is not used' },
  STORAGE_URL: {
    meaning:
      "S3-compatible bucket for file content, e.g. `s3://KEY:SECRET@portal-files?region=ap-south-1` (AWS; omit `KEY:SECRET@` to use the SDK's credential chain) or `s3://minioadmin:minioadmin@portal-files?endpoint=http://127.0.0.1:9000` (MinIO); percent-encode `/` in secrets. The bucket needs CORS allowing `PUT` with `content-type` and `x-amz-checksum-sha256`, and `GET`, from `PUBLIC_URL` ([docs/deploy.md](docs/deploy.md#the-bucket)). Unset = local disk under `DATA_DIR`",
  },
  SCANNER_URL: {
    meaning:
      "ClamAV's clamd for malware scanning at upload, e.g. `tcp://clamav:3310` or `unix:///run/clamav/clamd.ctl` (set clamd's `StreamMaxLength` to at least `MAX_UPLOAD_BYTES`). An infected file is quarantined: never counted, never served, listed for admins. Unset = **files are not scanned**",
  },
  SCANNER_FAIL_OPEN: {
    meaning:
      'when the scanner does not answer (10 s), `true` lets uploads through unscanned (noted on the file); `false` refuses them with a retryable error',
  },
  SMTP_URL: {
    meaning:
      '`smtp://` or `smtps://` server for mail; unset (outside production) = dev outbox at `/dev/mail`',
  },
  MAIL_FROM: { meaning: 'sender address' },
  OIDC_ISSUER: {
    meaning:
      'staff single sign-on: the OpenID Connect provider (authorization code + PKCE, `client_secret_basic`); unset (outside production) = bundled dev provider at `/dev/oidc`. Register the redirect URI **`$PUBLIC_URL/api/auth/oidc/callback`** at the provider',
  },
  OIDC_CLIENT_ID: {
    meaning: "the portal's client id at the provider; required with `OIDC_ISSUER`",
  },
  OIDC_CLIENT_SECRET: {
    meaning: "the portal's client secret at the provider; required with `OIDC_ISSUER`",
  },
  OIDC_PROVIDER_NAME: {
    default: '`Single Sign-On` (`Demo Staff Sign-In` for the bundled provider)',
    meaning:
      "the name on the sign-in page's *Continue With …* button, e.g. `Lender Google Workspace`",
  },
  STAFF_EMAIL_DOMAINS: {
    default: '—',
    meaning:
      'comma-separated e-mail domains of your staff, e.g. `lender.example`; staff sign-on accepts only **verified** e-mail addresses at these domains. Required in production with `OIDC_ISSUER`',
  },
  STAFF_DEFAULT_ROLE: { meaning: 'role of a new staff user (`approver`, `viewer`, `admin`)' },
  ADMIN_EMAILS: { default: '—', meaning: 'comma-separated staff e-mails that are admins' },
  INTEGRATION_API_KEY: {
    default: '`dev-integration-key` on a loopback development server only',
    meaning:
      'bearer key for `POST /api/import` (16+ characters when set); without it, import is refused',
  },
  INTEGRATION_API_KEY_PREVIOUS: {
    meaning:
      "a second key `POST /api/import` accepts while the lender's systems switch to a new `INTEGRATION_API_KEY` (each use is logged); see [docs/operations.md](docs/operations.md#rotating-secrets-without-downtime)",
  },
  SESSION_SECRET: {
    default: 'random per process on a loopback development server only',
    meaning: 'signs cookies and local storage URLs; required everywhere else (32+ characters)',
  },
  MFA_ENCRYPTION_KEY: {
    default: '`SESSION_SECRET` (a fixed key on a loopback development server)',
    meaning:
      "encrypts borrowers' authenticator secrets (AES-256-GCM, 32+ characters). Set it apart from `SESSION_SECRET` so that can change: a new key turns off every borrower's two-factor sign-in",
  },
  MFA_REQUIRED_FOR_BORROWERS: {
    meaning:
      "`true`: every borrower sets up an authenticator app at their next sign-in and cannot turn it off. Staff two-factor sign-in is the organisation's identity provider's",
  },
  MAX_UPLOAD_BYTES: { default: '`26214400` (25 MiB)', meaning: 'largest accepted document' },
  SESSION_IDLE_MINUTES: {
    meaning: 'a session unused this long ends (on top of its 12-hour lifetime)',
  },
  TRUST_PROXY: {
    default: 'off',
    meaning:
      'whether `X-Forwarded-For` is believed: a hop count (`1` behind one load balancer) or a comma-separated list of proxy addresses/CIDR ranges (`10.0.0.0/8`, also `loopback`, `uniquelocal`). Leave it off unless a proxy you run sets the header, or clients can pick their own address and dodge per-address limits',
  },
  OUTBOX_RETENTION_DAYS: {
    meaning:
      'delivered e-mail and webhook jobs are deleted after this many days (one-time codes are removed from them as soon as they are sent)',
  },
  APPROVER_EMAIL: { meaning: 'where submissions to the checker are announced' },
  LENDER_NAME: {
    meaning:
      'the lender named on NOC letters and on their public verification page (`/verify/{letter number}`)',
  },
  LENDER_LOGO: {
    meaning:
      "the lender's logo on NOC letters' letterhead: the path of a PNG or JPEG file, read at start (an unreadable file stops it); printed at most 150 × 54 pt",
  },
  LENDER_ADDRESS: {
    meaning: "the lender's registered office address on NOC letters' letterhead, one line",
  },
  LENDER_CIN: {
    meaning:
      "the lender's corporate identity number (21 characters, e.g. `U65922MH2010PLC123456`) on NOC letters' letterhead",
  },
  LENDER_CONTACT: {
    meaning:
      "a contact line on NOC letters' letterhead, e.g. `+91 22 4000 1234 · noc@lender.example`",
  },
  NOC_SIGNATORY_NAME: {
    meaning: "the authorised signatory named in NOC letters' signature block",
  },
  NOC_SIGNATORY_DESIGNATION: { meaning: "the authorised signatory's designation under their name" },
  NOC_SIGNING_CERTIFICATE: {
    meaning:
      "the lender's document signing certificate with its private key, a PKCS#12 file (`.p12`/`.pfx`, RSA): every new NOC letter is digitally signed with it, an approval signature over the whole file that PDF readers check. Read at start (a file it cannot open stops it). A new file signs new letters; letters already issued keep their signatures ([docs/operations.md](docs/operations.md#rotating-secrets-without-downtime)). Unset = **letters are not signed** and say the verification page is authoritative (the admin screen shows which)",
  },
  NOC_SIGNING_CERTIFICATE_PASSWORD: {
    meaning: 'the password of `NOC_SIGNING_CERTIFICATE` (never logged)',
  },
  WEBHOOK_URL: {
    meaning:
      "the lender CRM's webhook receiver: every domain event is POSTed as JSON `{id, type, occurredAt, actor, data}`, signed (see [Webhooks](#webhooks)), retried with backoff, in order per unit/frequency; deliveries failing for 24 h are listed to admins at `GET /api/admin/dead-letters` for replay",
  },
  WEBHOOK_SECRET: { meaning: 'the secret webhook deliveries are signed with' },
  BUSINESS_TIMEZONE: { meaning: 'decides "today", "this month" and "future" for date rules' },
  DEMO_DATA: {
    default: 'on for a fresh embedded database, outside production',
    meaning: 'load the demo lender book into an empty database',
  },
  NOC_TWO_APPROVERS: {
    meaning:
      "four-eyes NOC release: a unit's approval is a first approval until a second, different approver confirms it (or sends it back); a rejection still takes one approver. Off = one approver releases the unit",
  },
  LOG_LEVEL: { meaning: '`fatal` … `trace`, or `silent`' },
  METRICS_TOKEN: {
    meaning:
      'bearer token (16+ characters) a Prometheus scraper sends to `GET /metrics`; unset = no metrics endpoint (404). See [docs/deploy.md](docs/deploy.md#metrics-and-tracing)',
  },
  OTEL_EXPORTER_OTLP_ENDPOINT: {
    meaning:
      'OpenTelemetry collector (http:// or https://) to send traces to: HTTP requests, fetch calls, SQL (PostgreSQL only) and S3 calls. The other standard `OTEL_*` variables (protocol, headers, sampler) apply; unset = tracing off and not loaded',
  },
  OTEL_SERVICE_NAME: { meaning: 'the service name on exported traces' },
};

/** The schema default of `name`, as the table shows it, when it has a plain one. */
function schemaDefault(name: SettingName): string {
  const field = EnvSchema.shape[name] as {
    _zod: { def: { type: string; defaultValue?: unknown; in?: unknown } };
  };
  // A default may sit under a transform (a pipe whose input is the defaulted field).
  const def =
    field._zod.def.type === 'pipe' ? (field._zod.def.in as typeof field)._zod.def : field._zod.def;
  if (def.type !== 'default') return '—';
  const value = def.defaultValue;
  return value === '' || value === undefined ? '—' : `\`${String(value)}\``;
}

/** The README's configuration table as Markdown. */
export function settingsTable(): string {
  const rows = (Object.keys(EnvSchema.shape) as SettingName[]).map((name) => {
    const doc = SETTING_DOCS[name];
    return `| \`${name}\` | ${doc.default ?? schemaDefault(name)} | ${doc.meaning} |`;
  });
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
}

const TABLE_START = '<!-- settings table: generated by `npm run docs:settings` -->';
const TABLE_END = '<!-- end of settings table -->';

/** `readme` with the text between the table's markers replaced by the current table. */
export function replaceSettingsTable(readme: string): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start === -1 || end < start) {
    throw new Error(`README.md: the settings table markers are missing (${TABLE_START})`);
  }
  return `${readme.slice(0, start)}${TABLE_START}\n\n${settingsTable()}\n\n${readme.slice(end)}`;
}
