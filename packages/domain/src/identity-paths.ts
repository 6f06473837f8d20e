// The API's identity paths the web app calls (docs/product.md#api "Identity"), as the API registers them;
// apart from api-paths.ts, as the first page of every visit carries these alone.

export const AUTH_PROVIDERS_PATH = '/api/auth/providers';
export const SIGNUP_CHECK_PATH = '/api/auth/signup/check';
export const SIGNUP_PATH = '/api/auth/signup';
export const SIGNUP_CONFIRM_PATH = '/api/auth/signup/confirm';
export const SIGNUP_RESEND_PATH = '/api/auth/signup/resend';
export const SIGNIN_PATH = '/api/auth/signin';
export const SIGNIN_TWO_FACTOR_PATH = '/api/auth/signin/two-factor';
export const SIGNIN_TWO_FACTOR_SETUP_PATH = '/api/auth/signin/two-factor/setup';
export const SIGNIN_TWO_FACTOR_SETUP_RESEND_PATH = '/api/auth/signin/two-factor/setup/resend';
export const SIGNIN_TWO_FACTOR_CONFIRM_PATH = '/api/auth/signin/two-factor/confirm';
export const SESSION_PATH = '/api/auth/session';
export const LANGUAGE_PATH = '/api/auth/language';
export const SIGNOUT_PATH = '/api/auth/signout';
export const PASSWORD_FORGOT_PATH = '/api/auth/password/forgot';
export const PASSWORD_RESET_PATH = '/api/auth/password/reset';
/** A full-page navigation: the API answers with a redirect to the staff identity provider. */
export const STAFF_SIGN_ON_PATH = '/api/auth/oidc/start';
export const TWO_FACTOR_PATH = '/api/profile/two-factor';
export const TWO_FACTOR_SETUP_PATH = '/api/profile/two-factor/setup';
export const TWO_FACTOR_ENABLE_PATH = '/api/profile/two-factor/enable';
export const TWO_FACTOR_DISABLE_PATH = '/api/profile/two-factor/disable';
