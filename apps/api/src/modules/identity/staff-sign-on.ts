import * as oidc from 'openid-client';
import { DomainError } from '@portal/domain';

export interface StaffSignOnConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** DESIGN §4: plain-http issuers are allowed outside production. */
  allowHttp: boolean;
}

/** What the browser must bring back to the callback; kept in a signed, short-lived cookie. */
export interface PendingSignOn {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface StaffClaims {
  subject: string;
  email: string;
  name: string | null;
  /** Only the bundled development provider sends this (its demo viewer and approver). */
  devRole: string | null;
}

/** OpenID Connect authorization code + PKCE against any provider, through a certified client library. */
export function createStaffSignOn(config: StaffSignOnConfig) {
  let discovered: Promise<oidc.Configuration> | undefined;

  // Discovered on first use and retried after a failure, so a provider that is down at start-up
  // does not keep staff out once it is back.
  function configuration() {
    discovered ??= oidc
      .discovery(
        new URL(config.issuer),
        config.clientId,
        undefined,
        oidc.ClientSecretBasic(config.clientSecret),
        config.allowHttp ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw new DomainError(
          'DEPENDENCY_DOWN',
          `The staff sign-in provider could not be reached (${error instanceof Error ? error.message : 'unknown error'}).`,
        );
      });
    return discovered;
  }

  return {
    issuer: config.issuer,

    async start(): Promise<{ url: string; pending: PendingSignOn }> {
      const pending = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(await configuration(), {
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
      const tokens = await oidc.authorizationCodeGrant(server, callbackUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims)
        throw new DomainError('UNAUTHENTICATED', 'The sign-in provider sent no identity.');
      // Many providers put profile and e-mail only in userinfo, not in the ID token.
      const claims =
        typeof idClaims.email === 'string'
          ? idClaims
          : {
              ...(await oidc.fetchUserInfo(server, tokens.access_token, idClaims.sub)),
              ...idClaims,
            };
      const email = typeof claims.email === 'string' ? claims.email : undefined;
      if (!email)
        throw new DomainError(
          'UNAUTHENTICATED',
          'The sign-in provider did not share an e-mail address.',
        );
      return {
        subject: `${config.issuer}|${claims.sub}`,
        email: email.toLowerCase(),
        name: typeof claims.name === 'string' ? claims.name : null,
        devRole: typeof claims.portal_role === 'string' ? claims.portal_role : null,
      };
    },
  };
}

export type StaffSignOn = ReturnType<typeof createStaffSignOn>;
