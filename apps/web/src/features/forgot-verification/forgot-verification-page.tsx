import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Trans } from '@lingui/react';
import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AuthPage } from '../identity-shared/auth-page';
import { CodeInput } from '../identity-shared/code-input';
import { stateValue, useFlowValue } from '../identity-shared/flow-state';
import { identityApi } from '../identity-shared/identity-api';
import { MissingStep } from '../identity-shared/missing-step';
import { addMessages, i18n, useLingui } from '../../i18n';
import { messages } from '../../i18n/messages/forgotVerification';

addMessages(messages);

/** docs/product.md#screens "Forgot verification (forgotverification/)": the reset code. */
export function ForgotVerificationPage() {
  const { _ } = useLingui();
  const username = useFlowValue('resetUsername');
  if (!username) {
    return (
      <MissingStep
        title={_('forgotVerification.title')}
        to="/forgot_password"
        action={_('forgotVerification.goToForgotPassword')}
      >
        {_('forgotVerification.unknownAccount')}
      </MissingStep>
    );
  }
  return <ForgotVerificationForm username={username} />;
}

function ForgotVerificationForm({ username }: { username: string }) {
  const { _ } = useLingui();
  const navigate = useNavigate();
  const { state } = useLocation();
  const [code, setCode] = useState('');
  // docs/product.md#errors: the new-password screen sends a refused code back here with its message.
  const [error, setError] = useState(() => stateValue(state, 'error'));
  const resend = useMutation({
    mutationFn: () => identityApi.forgotPassword({ username }),
    onSuccess: () =>
      notifications.show({
        color: 'green',
        title: i18n._('forgotVerification.codeSent'),
        message: i18n._('forgotVerification.codeSentMessage'),
      }),
    onError: (failure) =>
      notifications.show({
        color: 'red',
        title: i18n._('forgotVerification.resendFailed'),
        message: failure.message,
      }),
  });

  // docs/product.md#screens: the code is only kept here; the new-password screen sends it with the password.
  function goOn(value: string) {
    void navigate('/createnewpassword', { state: { resetUsername: username, code: value } });
  }

  return (
    <AuthPage
      title={_('forgotVerification.title')}
      corner={{ to: '/', label: _('forgotVerification.signIn') }}
    >
      <Stack gap="lg">
        <Text size="sm">
          <Trans
            id="forgotVerification.account"
            values={{ username }}
            components={{ 0: <strong /> }}
          />
        </Text>
        <CodeInput
          label={_('forgotVerification.code')}
          description={_('forgotVerification.codeHint')}
          value={code}
          onChange={(value) => {
            setCode(value);
            setError(undefined);
          }}
          onComplete={goOn}
          // The new-password screen's own check words it in English; the server, in the screen's language.
          error={error}
        />
        <Button
          variant="subtle"
          onClick={() => resend.mutate()}
          loading={resend.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          {_('forgotVerification.resendCode')}
        </Button>
      </Stack>
    </AuthPage>
  );
}
