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
import {
  SIGNIN_TWO_FACTOR_CONFIRM_PATH,
  SIGNIN_TWO_FACTOR_PATH,
  SIGNIN_TWO_FACTOR_SETUP_PATH,
  SIGNIN_TWO_FACTOR_SETUP_RESEND_PATH,
  TWO_FACTOR_DISABLE_PATH,
  TWO_FACTOR_ENABLE_PATH,
  TWO_FACTOR_PATH,
  TWO_FACTOR_SETUP_PATH,
} from '@portal/domain/identity-paths';
import { apiGet, apiSend, NoContentSchema } from '../../api/client';

// Borrower two-factor sign-in: the profile's calls, and the sign-in steps after the password.

export const twoFactorStatusQuery = () =>
  queryOptions({
    queryKey: ['profile', 'two-factor'] as const,
    queryFn: ({ signal }) => apiGet(TWO_FACTOR_PATH, TwoFactorStatusResponseSchema, { signal }),
  });

export const twoFactorApi = {
  startSetup: () => apiSend('POST', TWO_FACTOR_SETUP_PATH, {}, TwoFactorSetupResponseSchema),
  enable: (code: string) =>
    apiSend('POST', TWO_FACTOR_ENABLE_PATH, { code }, RecoveryCodesResponseSchema),
  disable: (code: string) => apiSend('POST', TWO_FACTOR_DISABLE_PATH, { code }, NoContentSchema),

  /** TOTP_REQUIRED: the authenticator's six digits or a recovery code. */
  answerChallenge: (body: TwoFactorSignInBody) =>
    apiSend('POST', SIGNIN_TWO_FACTOR_PATH, body, SignedInSchema),
  /** MFA_SETUP: the secret and QR code, then the first code and the e-mailed one start the session. */
  startSetupAtSignIn: (challengeToken: string) =>
    apiSend('POST', SIGNIN_TWO_FACTOR_SETUP_PATH, { challengeToken }, TwoFactorSetupResponseSchema),
  confirmSetupAtSignIn: (body: TwoFactorConfirmChallengeBody) =>
    apiSend('POST', SIGNIN_TWO_FACTOR_CONFIRM_PATH, body, EnrolledSignInResponseSchema),
  resendSetupCodeAtSignIn: (challengeToken: string) =>
    apiSend(
      'POST',
      SIGNIN_TWO_FACTOR_SETUP_RESEND_PATH,
      { challengeToken },
      AcceptedResponseSchema,
    ),
};
