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
import { apiSend } from '../../api/client';

/** DESIGN §4 identity calls. Bodies are the domain schemas' parsed output (STYLE §2). */
export const identityApi = {
  checkAccount: (body: SignupCheckBody) =>
    apiSend('POST', '/auth/signup/check', body, SignupCheckResponseSchema),
  signUp: (body: SignupBody) => apiSend('POST', '/auth/signup', body, AccountIdResponseSchema),
  confirmSignUp: (body: SignupConfirmBody) =>
    apiSend('POST', '/auth/signup/confirm', body, AccountIdResponseSchema),
  resendSignUpCode: (body: SignupResendBody) =>
    apiSend('POST', '/auth/signup/resend', body, AcceptedResponseSchema),
  forgotPassword: (body: PasswordForgotBody) =>
    apiSend('POST', '/auth/password/forgot', body, AcceptedResponseSchema),
  resetPassword: (body: PasswordResetBody) =>
    apiSend('POST', '/auth/password/reset', body, PasswordResetResponseSchema),
};
