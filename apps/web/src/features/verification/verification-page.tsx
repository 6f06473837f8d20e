import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Trans } from '@lingui/react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SignupConfirmBodySchema, type SignupConfirmBody } from '@portal/domain';
import { AuthPage } from '../identity-shared/auth-page';
import { CODE_LENGTH, CodeInput } from '../identity-shared/code-input';
import { forgetFlowValue, useFlowValue } from '../identity-shared/flow-state';
import { identityApi } from '../identity-shared/identity-api';
import { MissingStep } from '../identity-shared/missing-step';
import { addMessages, i18n, useLingui } from '../../i18n';
import { messages } from '../../i18n/messages/verification';

addMessages(messages);

/** docs/product.md#screens "Verification (verification/)": the sign-up e-mail code. */
export function VerificationPage() {
  const { _ } = useLingui();
  const accountId = useFlowValue('signupAccountId');
  if (!accountId) {
    return (
      <MissingStep
        title={_('verification.title')}
        to="/signup"
        action={_('verification.goToSignUp')}
      >
        {_('verification.unknownAccount')}
      </MissingStep>
    );
  }
  return <VerificationForm accountId={accountId} />;
}

function VerificationForm({ accountId }: { accountId: string }) {
  const { _ } = useLingui();
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
        title: i18n._('verification.codeSent'),
        message: i18n._('verification.codeSentMessage'),
      });
    },
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: i18n._('verification.resendFailed'),
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
    <AuthPage title={_('verification.title')} corner={{ to: '/', label: _('verification.signIn') }}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="lg">
          <Text size="sm">
            <Trans
              id="verification.accountId"
              values={{ accountId }}
              components={{ 0: <strong /> }}
            />
          </Text>
          <CodeInput
            label={_('verification.code')}
            description={_('verification.codeHint')}
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
              {_('verification.resendCode')}
            </Button>
            {/* Submitting is automatic; the button is there to retry the same code. */}
            <Button
              type="submit"
              disabled={code.length !== CODE_LENGTH}
              loading={confirm.isPending}
            >
              {_('verification.verify')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthPage>
  );
}
