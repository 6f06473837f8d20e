import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Button, Stack, TextInput } from '@mantine/core';
import { DOMAIN_ERRORS, PasswordResetBodySchema, type PasswordResetBody } from '@portal/domain';
import { AuthPage } from '../identity-shared/auth-page';
import { ErrorAlert } from '../identity-shared/error-alert';
import { forgetFlowValue, stateValue, useFlowValue } from '../identity-shared/flow-state';
import { identityApi } from '../identity-shared/identity-api';
import { MissingStep } from '../identity-shared/missing-step';
import { NewPasswordFields, passwordsMatch } from '../identity-shared/new-password-fields';

const TITLE = 'Create New Password';

/** SPEC §8: this refusal sends the user back to enter the code again. */
const INVALID_CODE_MESSAGE = DOMAIN_ERRORS.INVALID_CODE.message;

/** SPEC §2 "Create new password (createnewpassword/)". */
export function CreateNewPasswordPage() {
  const username = useFlowValue('resetUsername');
  const code = stateValue(useLocation().state, 'code');
  if (!username) {
    return (
      <MissingStep title={TITLE} to="/forgot_password" action="Go to Forgot Password">
        We do not know which account to set a password for. Ask for a new code.
      </MissingStep>
    );
  }
  if (!code) {
    return (
      <MissingStep title={TITLE} to="/forgotverification" action="Enter the code">
        Enter the six digit code from your e-mail first.
      </MissingStep>
    );
  }
  return <CreateNewPasswordForm username={username} code={code} />;
}

function CreateNewPasswordForm({ username, code }: { username: string; code: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const reset = useMutation({
    mutationFn: (body: PasswordResetBody) => identityApi.resetPassword(body),
    onSuccess: () => {
      forgetFlowValue('resetUsername');
      void navigate('/Thankyou', { replace: true });
    },
    onError: (error) => {
      if (error.message === INVALID_CODE_MESSAGE) backToCode(error.message);
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
        body.error.issues.find((issue) => issue.path[0] === field)?.message;
      const codeIssue = issueWith('code');
      if (codeIssue) backToCode(codeIssue);
      else setPasswordError(issueWith('newPassword'));
      return;
    }
    reset.mutate(body.data);
  }

  return (
    <AuthPage title={TITLE} corner={{ to: '/', label: 'Sign in' }}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Account id"
            value={username}
            readOnly
            variant="filled"
            autoComplete="username"
          />
          <NewPasswordFields
            labels={{ password: 'Enter New Password', confirmation: 'Confirm New Password' }}
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
            Submit
          </Button>
        </Stack>
      </form>
    </AuthPage>
  );
}
