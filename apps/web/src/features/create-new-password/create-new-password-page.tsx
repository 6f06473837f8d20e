import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Button, Stack, TextInput } from '@mantine/core';
import {
  issueText,
  PasswordResetBodySchema,
  type PasswordResetBody,
  type ValidationIssue,
} from '@portal/domain';
import { ApiError } from '../../api/client';
import { AuthPage } from '../identity-shared/auth-page';
import { ErrorAlert } from '../identity-shared/error-alert';
import { forgetFlowValue, stateValue, useFlowValue } from '../identity-shared/flow-state';
import { identityApi } from '../identity-shared/identity-api';
import { MissingStep } from '../identity-shared/missing-step';
import { NewPasswordFields, passwordsMatch } from '../identity-shared/new-password-fields';
import { addMessages, currentLanguage, useLingui } from '../../i18n';
import { messages } from '../../i18n/messages/createNewPassword';

addMessages(messages);

/** docs/product.md#errors: this refusal sends the user back to enter the code again (in the screens' language). */
const isInvalidCode = (error: Error) => error instanceof ApiError && error.code === 'INVALID_CODE';

/** docs/product.md#screens "Create new password (createnewpassword/)". */
export function CreateNewPasswordPage() {
  const { _ } = useLingui();
  const username = useFlowValue('resetUsername');
  const code = stateValue(useLocation().state, 'code');
  if (!username) {
    return (
      <MissingStep
        title={_('createNewPassword.title')}
        to="/forgot_password"
        action={_('createNewPassword.goToForgotPassword')}
      >
        {_('createNewPassword.unknownAccount')}
      </MissingStep>
    );
  }
  if (!code) {
    return (
      <MissingStep
        title={_('createNewPassword.title')}
        to="/forgotverification"
        action={_('createNewPassword.enterTheCode')}
      >
        {_('createNewPassword.codeFirst')}
      </MissingStep>
    );
  }
  return <CreateNewPasswordForm username={username} code={code} />;
}

function CreateNewPasswordForm({ username, code }: { username: string; code: string }) {
  const { _ } = useLingui();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [passwordError, setPasswordError] = useState<ValidationIssue>();
  const reset = useMutation({
    mutationFn: (body: PasswordResetBody) => identityApi.resetPassword(body),
    onSuccess: () => {
      forgetFlowValue('resetUsername');
      void navigate('/Thankyou', { replace: true });
    },
    onError: (error) => {
      if (isInvalidCode(error)) backToCode(error.message);
    },
  });
  const canSubmit = passwordsMatch(password, confirmation);

  function backToCode(message: string) {
    void navigate('/forgotverification', {
      replace: true,
      state: { resetUsername: username, error: message },
    });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit || reset.isPending) return;
    const body = PasswordResetBodySchema.safeParse({ username, code, newPassword: password });
    if (!body.success) {
      const issueWith = (field: string) =>
        body.error.issues.find((issue) => issue.path[0] === field);
      const codeIssue = issueWith('code');
      if (codeIssue) backToCode(issueText(currentLanguage(), codeIssue));
      else setPasswordError(issueWith('newPassword'));
      return;
    }
    reset.mutate(body.data);
  }

  return (
    <AuthPage
      title={_('createNewPassword.title')}
      corner={{ to: '/', label: _('createNewPassword.signIn') }}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={_('createNewPassword.accountId')}
            value={username}
            readOnly
            variant="filled"
            autoComplete="username"
          />
          <NewPasswordFields
            labels={{
              password: _('createNewPassword.newPassword'),
              confirmation: _('createNewPassword.confirmNewPassword'),
            }}
            password={password}
            confirmation={confirmation}
            onPasswordChange={(value) => {
              setPassword(value);
              setPasswordError(undefined);
            }}
            onConfirmationChange={setConfirmation}
            passwordError={passwordError}
            readOnly={reset.isPending}
          />
          {reset.error && <ErrorAlert message={reset.error.message} />}
          <Button type="submit" disabled={!canSubmit} loading={reset.isPending}>
            {_('createNewPassword.submit')}
          </Button>
        </Stack>
      </form>
    </AuthPage>
  );
}
