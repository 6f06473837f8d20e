/**
 * Why a staff sign-on did not complete. The API sends only the code back to the sign-in page in
 * `?error=`; the page shows the fixed words for it. Provider and server text never reach the
 * browser, and neither does the parameter itself: anyone can put text in a link.
 */
export const STAFF_SIGN_ON_ERRORS = {
  not_configured: 'Staff sign-in is not set up on this portal. Ask your administrator.',
  provider_unavailable:
    "Your organisation's sign-in service could not be reached. Please try again in a few minutes.",
  sign_in_expired: 'Your sign-in took too long or was started in another window. Please try again.',
  sign_in_failed: 'Sign-in with your organisation account failed. Please try again.',
  staff_unverified_email:
    'Your organisation account has no verified e-mail address. Ask your administrator to verify it, then try again.',
  staff_domain_not_allowed:
    "Staff sign-in is limited to your lender's e-mail domains. Sign in with your work account.",
  staff_identity_conflict:
    'This e-mail address already belongs to another staff sign-in. Ask an administrator for help.',
  staff_email_changed:
    'The e-mail address of your organisation account has changed. Ask an administrator to update your portal access.',
  user_disabled: 'User is disabled. Ask an administrator if you need access.',
} as const;

export type StaffSignOnErrorCode = keyof typeof STAFF_SIGN_ON_ERRORS;

const UNKNOWN_STAFF_SIGN_ON_ERROR = 'Staff sign-in could not be completed. Please try again.';

export function staffSignOnErrorMessage(code: string): string {
  return Object.hasOwn(STAFF_SIGN_ON_ERRORS, code)
    ? STAFF_SIGN_ON_ERRORS[code as StaffSignOnErrorCode]
    : UNKNOWN_STAFF_SIGN_ON_ERROR;
}
