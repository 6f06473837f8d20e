import type { AuthProvidersResponse, SigninResponse } from '@portal/domain';
import { AUTH_PROVIDERS_PATH, SIGNIN_PATH } from '@portal/domain/identity-paths';
import { apiGet, apiSend, networkError, type AnswerSchema } from '../../api/client';
import { currentLanguage } from '../../i18n';

// The sign-in page is the first load of every visit, so it does not carry zod or the
// domain's schemas: they load when the user submits, and the screens after sign-in need
// them anyway.

/** The domain's schemas and rules, fetched on first use (then from the browser's cache). */
export async function loadDomain() {
  try {
    return await import('@portal/domain');
  } catch {
    throw networkError();
  }
}

/** docs/product.md#screens sign-in fields as typed. */
export interface SignInFields {
  username: string;
  password: string;
}

/** Checks the fields with the domain's schema (which also normalises the username), then signs in. */
export async function signIn(fields: SignInFields): Promise<SigninResponse> {
  const { issueText, SigninBodySchema, SigninResponseSchema } = await loadDomain();
  const body = SigninBodySchema.safeParse(fields);
  // Only a length limit can fail here: the page enables Submit once both fields are filled in.
  if (!body.success) throw new Error(issueText(currentLanguage(), body.error.issues[0]!));
  return apiSend('POST', SIGNIN_PATH, body.data, SigninResponseSchema);
}

/**
 * docs/product.md#api `GET /api/auth/providers`, checked by hand as `AuthProvidersResponseSchema` would
 * (sign-in-api.test.ts holds the two to the same answers): the page shows it on every visit.
 */
const providersAnswer: AnswerSchema<AuthProvidersResponse> = {
  safeParse(data) {
    if (typeof data !== 'object' || data === null || !('staff' in data)) return { success: false };
    const { staff } = data;
    if (staff === null) return { success: true, data: { staff: null } };
    return typeof staff === 'object' && 'name' in staff && typeof staff.name === 'string'
      ? { success: true, data: { staff: { name: staff.name } } }
      : { success: false };
  },
};

export function fetchAuthProviders(signal: AbortSignal): Promise<AuthProvidersResponse> {
  return apiGet(AUTH_PROVIDERS_PATH, providersAnswer, { signal });
}
