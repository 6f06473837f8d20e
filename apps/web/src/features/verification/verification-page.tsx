import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SignupConfirmBodySchema, type SignupConfirmBody } from '@portal/domain';
import { AuthPage } from '../identity-shared/auth-page';
import { CODE_LENGTH, CodeInput } from '../identity-shared/code-input';
import { forgetFlowValue, useFlowValue } from '../identity-shared/flow-state';
import { identityApi } from '../identity-shared/identity-api';
import { MissingStep } from '../identity-shared/missing-step';

const TITLE = 'Verify Your Email';

/** SPEC §2 "Verification (verification/)": the sign-up e-mail code. */
export function VerificationPage() {
  const accountId = useFlowValue('signupAccountId');
  if (!accountId) {
    return (
      <MissingStep title={TITLE} to="/signup" action="Go to Sign up">
        We do not know which account to verify. Start signing up again; it sends a new code.
      </MissingStep>
    );
  }
  return <VerificationForm accountId={accountId} />;
}

function VerificationForm({ accountId }: { accountId: string }) {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const confirm = useMutation({
    mutationFn: (body: SignupConfirmBody) => identityApi.confirmSignUp(body),
    onSuccess: () => {
      forgetFlowValue('signupAccountId');
      void navigate('/Thankyou', { replace: true });
    },
  });
  const resend = useMutation({
    mutationFn: () => identityApi.resendSignUpCode({ accountId }),
    onSuccess: () => {
      setCode('');
      confirm.reset();
      notifications.show({
        color: 'green',
        title: 'Code sent',
        message: 'A new six digit code is on its way to your email address.',
      });
    },
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: 'Could not send a new code',
        message: error.message,
      }),
  });

  function submit(value: string) {
    const body = SignupConfirmBodySchema.safeParse({ accountId, code: value });
    if (body.success && !confirm.isPending) confirm.mutate(body.data);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submit(code);
  }

  return (
    <AuthPage title={TITLE} corner={{ to: '/', label: 'Sign in' }}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="lg">
          <Text size="sm">
            Account id: <strong>{accountId}</strong>
          </Text>
          <CodeInput
            label="Verification code"
            description="Six digit code has been sent to your email address"
            value={code}
            onChange={(value) => {
              setCode(value);
              if (confirm.isError) confirm.reset();
            }}
            onComplete={submit}
            readOnly={confirm.isPending}
            error={confirm.error?.message}
          />
          <Group justify="space-between" gap="sm">
            <Button
              variant="subtle"
              onClick={() => resend.mutate()}
              loading={resend.isPending}
              disabled={confirm.isPending}
            >
              Resend code
            </Button>
            {/* Submitting is automatic; the button is there to retry the same code. */}
            <Button
              type="submit"
              disabled={code.length !== CODE_LENGTH}
              loading={confirm.isPending}
            >
              Verify
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthPage>
  );
}
