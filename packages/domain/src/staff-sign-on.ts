import { translate, type Language } from './translate.ts';

/**
 * Why a staff sign-on did not complete. The API sends only the code back to the sign-in page in
 * `?error=`; the page shows the fixed words for it (`domain.staffSignOn.<code>`). Provider and
 * server text never reach the browser, and neither does the parameter itself: anyone can put
 * text in a link.
 */
export const STAFF_SIGN_ON_ERRORS = [
  'not_configured',
  'provider_unavailable',
  'sign_in_expired',
  'sign_in_failed',
  'staff_unverified_email',
  'staff_domain_not_allowed',
  'staff_identity_conflict',
  'staff_email_changed',
  'user_disabled',
] as const;

export type StaffSignOnErrorCode = (typeof STAFF_SIGN_ON_ERRORS)[number];

const isStaffSignOnErrorCode = (code: string): code is StaffSignOnErrorCode =>
  (STAFF_SIGN_ON_ERRORS as readonly string[]).includes(code);

export function staffSignOnErrorMessage(code: string, language: Language = 'en'): string {
  return translate(
    language,
    `domain.staffSignOn.${isStaffSignOnErrorCode(code) ? code : 'unknown'}`,
  );
}
