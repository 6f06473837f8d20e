import type * as OpenIdClient from 'openid-client';
import { DomainError, type StaffSignOnErrorCode } from '@portal/domain';

export interface StaffSignOnConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** docs/product.md#api: plain-http issuers are allowed outside production. */
  allowHttp: boolean;
}

/** What the browser must bring back to the callback; kept in a signed, short-lived cookie. */
export interface PendingSignOn {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface StaffClaims {
  /** `${issuer}|${sub}`: the identity a staff user is bound to for good. */
  subject: string;
  /** Lower case; null when the provider shared none. */
  email: string | null;
  /** The provider's `email_verified`, read from the same source as `email`. */
  emailVerified: boolean;
  name: string | null;
  /** Only the bundled development provider sends this (its demo viewer and approver). */
  devRole: string | null;
}

/**
 * A staff sign-on the portal refuses: never an API answer, only its code goes back to the sign-in
 * page (the page words it) and the detail to the log.
 */
export class StaffSignOnRefused extends Error {
  constructor(
    readonly reason: StaffSignOnErrorCode,
    detail: string,
  ) {
    super(detail);
    this.name = 'StaffSignOnRefused';
  }
}

/** OpenID Connect authorization code + PKCE against any provider, through a certified client library. */
export function createStaffSignOn(config: StaffSignOnConfig) {
  let discovered: Promise<OpenIdClient.Configuration> | undefined;

  // Discovered on first use and retried after a failure, so a provider that is down at start-up
  // does not keep staff out once it is back.
  function configuration() {
    discovered ??= loadOpenIdClient().then((oidc) =>
      oidc
        .discovery(
          new URL(config.issuer),
          config.clientId,
          undefined,
          oidc.ClientSecretBasic(config.clientSecret),
          config.allowHttp ? { execute: [oidc.allowInsecureRequests] } : undefined,
        )
        .catch((error: unknown) => {
          discovered = undefined;
          throw new DomainError('DEPENDENCY_DOWN', {
            message: 'domain.error.DEPENDENCY_DOWN.staffProvider',
            values: { reason: error instanceof Error ? error.message : 'unknown error' },
          });
        }),
    );
    return discovered;
  }

  return {
    issuer: config.issuer,

    async start(): Promise<{ url: string; pending: PendingSignOn }> {
      const server = await configuration();
      const oidc = await loadOpenIdClient();
      const pending = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(server, {
        redirect_uri: config.redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, pending };
    },

    async finish(callbackUrl: URL, pending: PendingSignOn): Promise<StaffClaims> {
      const server = await configuration();
      const oidc = await loadOpenIdClient();
      const tokens = await oidc.authorizationCodeGrant(server, callbackUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims)
        throw new DomainError('UNAUTHENTICATED', {
          message: 'domain.error.UNAUTHENTICATED.noIdentity',
        });
      // An e-mail and its verification are read together from one source: the signed ID token
      // when it carries both, else userinfo (many providers share them only there).
      const profile =
        hasEmailAndVerification(idClaims) || !server.serverMetadata().userinfo_endpoint
          ? idClaims
          : await oidc.fetchUserInfo(server, tokens.access_token, idClaims.sub);
      const name = profile.name ?? idClaims.name;
      const devRole = profile.portal_role ?? idClaims.portal_role;
      return {
        subject: `${config.issuer}|${idClaims.sub}`,
        email: typeof profile.email === 'string' ? profile.email.toLowerCase() : null,
        emailVerified: profile.email_verified === true,
        name: typeof name === 'string' ? name : null,
        devRole: typeof devRole === 'string' ? devRole : null,
      };
    },
  };
}

export type StaffSignOn = ReturnType<typeof createStaffSignOn>;

let openIdClient: Promise<typeof OpenIdClient> | undefined;

/** The OpenID Connect client library, loaded with the first staff sign-in. */
const loadOpenIdClient = () => (openIdClient ??= import('openid-client'));

const hasEmailAndVerification = (claims: OpenIdClient.IDToken) =>
  typeof claims.email === 'string' && typeof claims.email_verified === 'boolean';
