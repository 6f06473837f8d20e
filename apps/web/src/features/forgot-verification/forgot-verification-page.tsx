import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AuthPage } from '../identity-shared/auth-page';
import { CodeInput } from '../identity-shared/code-input';
import { stateValue, useFlowValue } from '../identity-shared/flow-state';
import { identityApi } from '../identity-shared/identity-api';
import { MissingStep } from '../identity-shared/missing-step';

const TITLE = 'Enter Verification Code';

/** SPEC §2 "Forgot verification (forgotverification/)": the reset code. */
export function ForgotVerificationPage() {
  const username = useFlowValue('resetUsername');
  if (!username) {
    return (
      <MissingStep title={TITLE} to="/forgot_password" action="Go to Forgot Password">
        We do not know which account this code is for. Ask for a new code.
      </MissingStep>
    );
  }
  return <ForgotVerificationForm username={username} />;
}

function ForgotVerificationForm({ username }: { username: string }) {
  const navigate = useNavigate();
  const { state } = useLocation();
  const [code, setCode] = useState('');
  // SPEC §8: the new-password screen sends a refused code back here with its message.
  const [error, setError] = useState(() => stateValue(state, 'error'));
  const resend = useMutation({
    mutationFn: () => identityApi.forgotPassword({ username }),
    onSuccess: () =>
      notifications.show({
        color: 'green',
        title: 'Code sent',
        message: 'If the account exists, a new six digit code is on its way to its email address.',
      }),
    onError: (failure) =>
      notifications.show({
        color: 'red',
        title: 'Could not send a new code',
        message: failure.message,
      }),
  });

  // SPEC §2: the code is only kept here; the new-password screen sends it with the password.
  function goOn(value: string) {
    void navigate('/createnewpassword', { state: { resetUsername: username, code: value } });
  }

  return (
    <AuthPage title={TITLE} corner={{ to: '/', label: 'Sign in' }}>
      <Stack gap="lg">
        <Text size="sm">
          Account: <strong>{username}</strong>
        </Text>
        <CodeInput
          label="Verification code"
          description="Six digit code has been sent to your email address"
          value={code}
          onChange={(value) => {
            setCode(value);
            setError(undefined);
          }}
          onComplete={goOn}
          error={error}
        />
        <Button
          variant="subtle"
          onClick={() => resend.mutate()}
          loading={resend.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          Resend code
        </Button>
      </Stack>
    </AuthPage>
  );
}
