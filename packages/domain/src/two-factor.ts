import { z } from 'zod';
import { normaliseUsername, OtpCodeSchema } from './schemas/requests.ts';
import { SessionUserSchema } from './schemas/entities.ts';
import { invalid } from './translate.ts';

// Borrower two-factor sign-in (docs/product.md#statuses "SOFTWARE_TOKEN_MFA"): an authenticator app's six digits,
// or one of ten single-use recovery codes when the device is lost.

export const RECOVERY_CODE_COUNT = 10;

/** Recovery codes are ten letters and digits shown as two groups of five (e.g. 7KQ2M-XW9RD). */
export const normaliseRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

export const RecoveryCodeSchema = z
  .string({ error: invalid('domain.error.VALIDATION_FAILED.recoveryCodeRequired') })
  .transform(normaliseRecoveryCode)
  .pipe(
    z
      .string()
      .min(1, invalid('domain.error.VALIDATION_FAILED.recoveryCodeRequired'))
      .regex(/^[0-9A-Z]{10}$/, invalid('domain.error.VALIDATION_FAILED.recoveryCodeFormat')),
  );

/** The two states of docs/product.md#statuses's identity layer a password can leave a borrower in. */
export const SignInChallengeKindSchema = z.enum(['TOTP_REQUIRED', 'MFA_SETUP']);
export type SignInChallengeKind = z.infer<typeof SignInChallengeKindSchema>;

/** The right password of a borrower who must still give a second factor or enrol one. */
export const SignInChallengeSchema = z.object({
  challenge: SignInChallengeKindSchema,
  challengeToken: z.string(),
});
export type SignInChallenge = z.infer<typeof SignInChallengeSchema>;

/** A signed-in answer: the bearer token and who is signed in. */
export const SignedInSchema = z.object({ token: z.string(), user: SessionUserSchema });

const ChallengeTokenSchema = z
  .string({ error: invalid('domain.error.VALIDATION_FAILED.challengeEmpty') })
  .min(1, invalid('domain.error.VALIDATION_FAILED.challengeEmpty'))
  .max(200, invalid('domain.error.VALIDATION_FAILED.signInExpiredAgain'));

/** Answers a TOTP_REQUIRED challenge with the authenticator's code or a recovery code. */
export const TwoFactorSignInBodySchema = z.union(
  [
    z.object({ challengeToken: ChallengeTokenSchema, code: OtpCodeSchema }),
    z.object({ challengeToken: ChallengeTokenSchema, recoveryCode: RecoveryCodeSchema }),
  ],
  { error: invalid('domain.error.VALIDATION_FAILED.authenticatorOrRecovery') },
);
export type TwoFactorSignInBody = z.infer<typeof TwoFactorSignInBodySchema>;

/** Starts enrolment, or asks for a new e-mailed code, during an MFA_SETUP sign-in. */
export const TwoFactorSetupChallengeBodySchema = z.object({ challengeToken: ChallengeTokenSchema });

/**
 * Finishes enrolment during an MFA_SETUP sign-in with the app's first code and the code e-mailed
 * to the address on file, so a phished password alone cannot bind another authenticator.
 */
export const TwoFactorConfirmChallengeBodySchema = z.object({
  challengeToken: ChallengeTokenSchema,
  code: OtpCodeSchema,
  emailCode: OtpCodeSchema,
});
export type TwoFactorConfirmChallengeBody = z.infer<typeof TwoFactorConfirmChallengeBodySchema>;

/** A current code: to confirm enrolment from the profile, or to turn two-factor sign-in off. */
export const TwoFactorCodeBodySchema = z.object({ code: OtpCodeSchema });
export type TwoFactorCodeBody = z.infer<typeof TwoFactorCodeBodySchema>;

/**
 * What the authenticator app needs: the QR code (an SVG data URL), the same secret as text, and
 * the otpauth:// link the QR code holds, which opens the app on the phone the page is on.
 */
export const TwoFactorSetupResponseSchema = z.object({
  qrCode: z.string(),
  secret: z.string(),
  uri: z.string().startsWith('otpauth://'),
});
export type TwoFactorSetupResponse = z.infer<typeof TwoFactorSetupResponseSchema>;

/** The recovery codes, shown once: only their hashes are kept. */
export const RecoveryCodesResponseSchema = z.object({
  recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT),
});
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponseSchema>;

/** Enrolment finished during sign-in: the session starts and the recovery codes are shown. */
export const EnrolledSignInResponseSchema = SignedInSchema.extend(
  RecoveryCodesResponseSchema.shape,
);
export type EnrolledSignInResponse = z.infer<typeof EnrolledSignInResponseSchema>;

/** The profile screen's view of a borrower's two-factor sign-in. */
export const TwoFactorStatusResponseSchema = z.object({
  enabled: z.boolean(),
  /** MFA_REQUIRED_FOR_BORROWERS: it cannot be turned off. */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int().nonnegative(),
});
export type TwoFactorStatusResponse = z.infer<typeof TwoFactorStatusResponseSchema>;

/** An admin resets a borrower's two-factor sign-in, by account id or e-mail. */
export const TwoFactorResetBodySchema = z.object({
  username: z
    .string({ error: invalid('domain.error.VALIDATION_FAILED.borrowerIdOrEmail') })
    .trim()
    .min(1, invalid('domain.error.VALIDATION_FAILED.borrowerIdOrEmail'))
    .max(254, invalid('domain.error.VALIDATION_FAILED.usernameTooLong'))
    .transform(normaliseUsername),
});
export type TwoFactorResetBody = z.infer<typeof TwoFactorResetBodySchema>;
export const TwoFactorResetResponseSchema = z.object({ username: z.string() });
