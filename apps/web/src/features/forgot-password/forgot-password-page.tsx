import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Button, Stack, TextInput } from '@mantine/core';
import { PasswordForgotBodySchema, type PasswordForgotBody } from '@portal/domain';
import { AuthPage } from '../identity-shared/auth-page';
import { ErrorAlert } from '../identity-shared/error-alert';
import { rememberFlowValue } from '../identity-shared/flow-state';
import { identityApi } from '../identity-shared/identity-api';
import { addMessages, useLingui } from '../../i18n';
import { messages } from '../../i18n/messages/forgotPassword';

addMessages(messages);

/** docs/product.md#screens "Forgot password (forgot_password)"; also served at /forgot. */
export function ForgotPasswordPage() {
  const { _ } = useLingui();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const forgot = useMutation({
    mutationFn: (body: PasswordForgotBody) => identityApi.forgotPassword(body),
    // docs/product.md#roles: always the same answer, so the next screen cannot say whether the account exists.
    onSuccess: (_answer, { username: normalised }) => {
      rememberFlowValue('resetUsername', normalised);
      void navigate('/forgotverification', { state: { resetUsername: normalised } });
    },
  });
  const body = PasswordForgotBodySchema.safeParse({ username });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (body.success && !forgot.isPending) forgot.mutate(body.data);
  }

  return (
    <AuthPage
      title={_('forgotPassword.title')}
      corner={{ to: '/', label: _('forgotPassword.signIn') }}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={_('forgotPassword.username')}
            description={_('forgotPassword.usernameHint')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
            readOnly={forgot.isPending}
          />
          {forgot.error && <ErrorAlert message={forgot.error.message} />}
          <Button type="submit" disabled={!body.success} loading={forgot.isPending}>
            {_('forgotPassword.submit')}
          </Button>
        </Stack>
      </form>
    </AuthPage>
  );
}
