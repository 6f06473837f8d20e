import {
  AcceptedResponseSchema,
  AccountIdResponseSchema,
  PasswordResetResponseSchema,
  SignupCheckResponseSchema,
  type PasswordForgotBody,
  type PasswordResetBody,
  type SignupBody,
  type SignupCheckBody,
  type SignupConfirmBody,
  type SignupResendBody,
} from '@portal/domain';
import {
  PASSWORD_FORGOT_PATH,
  PASSWORD_RESET_PATH,
  SIGNUP_CHECK_PATH,
  SIGNUP_CONFIRM_PATH,
  SIGNUP_PATH,
  SIGNUP_RESEND_PATH,
} from '@portal/domain/identity-paths';
import { apiSend } from '../../api/client';

/** docs/product.md#api identity calls. Bodies are the domain schemas' parsed output. */
export const identityApi = {
  checkAccount: (body: SignupCheckBody) =>
    apiSend('POST', SIGNUP_CHECK_PATH, body, SignupCheckResponseSchema),
  signUp: (body: SignupBody) => apiSend('POST', SIGNUP_PATH, body, AccountIdResponseSchema),
  confirmSignUp: (body: SignupConfirmBody) =>
    apiSend('POST', SIGNUP_CONFIRM_PATH, body, AccountIdResponseSchema),
  resendSignUpCode: (body: SignupResendBody) =>
    apiSend('POST', SIGNUP_RESEND_PATH, body, AcceptedResponseSchema),
  forgotPassword: (body: PasswordForgotBody) =>
    apiSend('POST', PASSWORD_FORGOT_PATH, body, AcceptedResponseSchema),
  resetPassword: (body: PasswordResetBody) =>
    apiSend('POST', PASSWORD_RESET_PATH, body, PasswordResetResponseSchema),
};
