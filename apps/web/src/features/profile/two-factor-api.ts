import { queryOptions } from '@tanstack/react-query';
import {
  AcceptedResponseSchema,
  EnrolledSignInResponseSchema,
  RecoveryCodesResponseSchema,
  SignedInSchema,
  TwoFactorSetupResponseSchema,
  TwoFactorStatusResponseSchema,
  type TwoFactorConfirmChallengeBody,
  type TwoFactorSignInBody,
} from '@portal/domain';
import { apiGet, apiSend, NoContentSchema } from '../../api/client';

// Borrower two-factor sign-in: the profile's calls, and the sign-in steps after the password.

export const twoFactorStatusQuery = () =>
  queryOptions({
    queryKey: ['profile', 'two-factor'] as const,
    queryFn: ({ signal }) =>
      apiGet('/profile/two-factor', TwoFactorStatusResponseSchema, { signal }),
  });

export const twoFactorApi = {
  startSetup: () => apiSend('POST', '/profile/two-factor/setup', {}, TwoFactorSetupResponseSchema),
  enable: (code: string) =>
    apiSend('POST', '/profile/two-factor/enable', { code }, RecoveryCodesResponseSchema),
  disable: (code: string) =>
    apiSend('POST', '/profile/two-factor/disable', { code }, NoContentSchema),

  /** TOTP_REQUIRED: the authenticator's six digits or a recovery code. */
  answerChallenge: (body: TwoFactorSignInBody) =>
    apiSend('POST', '/auth/signin/two-factor', body, SignedInSchema),
  /** MFA_SETUP: the secret and QR code, then the first code and the e-mailed one start the session. */
  startSetupAtSignIn: (challengeToken: string) =>
    apiSend(
      'POST',
      '/auth/signin/two-factor/setup',
      { challengeToken },
      TwoFactorSetupResponseSchema,
    ),
  confirmSetupAtSignIn: (body: TwoFactorConfirmChallengeBody) =>
    apiSend('POST', '/auth/signin/two-factor/confirm', body, EnrolledSignInResponseSchema),
  resendSetupCodeAtSignIn: (challengeToken: string) =>
    apiSend(
      'POST',
      '/auth/signin/two-factor/setup/resend',
      { challengeToken },
      AcceptedResponseSchema,
    ),
};
