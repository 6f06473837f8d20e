import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  issueText,
  RecoveryCodeSchema,
  type SessionUser,
  type SignInChallenge,
  type ValidationIssue,
} from '@portal/domain';
import { ApiError } from '../../../api/client';
import { sessionQueryKey } from '../../../api/session';
import { CODE_LENGTH, CodeInput } from '../../identity-shared/code-input';
import { ErrorAlert } from '../../identity-shared/error-alert';
import { PageLoader } from '../../../components/page-loader';
import { AuthenticatorSetup, RecoveryCodes } from '../../profile/authenticator-setup';
import { twoFactorApi } from '../../profile/two-factor-api';
import { addMessages, currentLanguage, i18n, useLingui } from '../../../i18n';
import { messages } from '../../../i18n/messages/twoFactor';

addMessages(messages);

interface TwoFactorStepProps {
  challenge: SignInChallenge;
  /** Back to the password: the challenge expired or was used up. */
  onRestart: () => void;
}

/**
 * The sign-in steps after a right password for a borrower with two-factor sign-in (docs/product.md#statuses
 * "TOTP required", "MFA setup"). No session exists until this step is done.
 */
export function TwoFactorStep({ challenge, onRestart }: TwoFactorStepProps) {
  return challenge.challenge === 'TOTP_REQUIRED' ? (
    <CodeStep challengeToken={challenge.challengeToken} onRestart={onRestart} />
  ) : (
    <SetupStep challengeToken={challenge.challengeToken} onRestart={onRestart} />
  );
}

/** The session starts: StartRedirect, around the sign-in page, opens the role's home. */
function useStartSession() {
  const queryClient = useQueryClient();
  return (user: SessionUser) => queryClient.setQueryData(sessionQueryKey, user);
}

const isExpired = (error: Error | null) =>
  error instanceof ApiError && error.code === 'SIGN_IN_EXPIRED';

function ExpiredNotice({ message, onRestart }: { message: string; onRestart: () => void }) {
  const { _ } = useLingui();
  return (
    <Stack gap="sm">
      <ErrorAlert message={message} />
      <Button onClick={onRestart}>{_('twoFactor.signInAgain')}</Button>
    </Stack>
  );
}

/** TOTP required: the app's six digits, or a recovery code when the phone is lost. */
function CodeStep({
  challengeToken,
  onRestart,
}: {
  challengeToken: string;
  onRestart: () => void;
}) {
  const { _ } = useLingui();
  const startSession = useStartSession();
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [recoveryError, setRecoveryError] = useState<ValidationIssue>();
  const answer = useMutation({
    mutationFn: twoFactorApi.answerChallenge,
    onSuccess: ({ user }) => startSession(user),
    onError: () => setCode(''),
  });

  if (isExpired(answer.error)) {
    return <ExpiredNotice message={answer.error!.message} onRestart={onRestart} />;
  }

  function sendCode(value: string) {
    if (value.length === CODE_LENGTH && !answer.isPending) {
      answer.mutate({ challengeToken, code: value });
    }
  }

  function sendRecoveryCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = RecoveryCodeSchema.safeParse(recoveryCode);
    if (!parsed.success) {
      setRecoveryError(parsed.error.issues[0]);
      return;
    }
    if (!answer.isPending) answer.mutate({ challengeToken, recoveryCode: parsed.data });
  }

  function switchTo(recovery: boolean) {
    setUseRecovery(recovery);
    setRecoveryError(undefined);
    answer.reset();
  }

  return useRecovery ? (
    <form onSubmit={sendRecoveryCode} noValidate>
      <Stack gap="md">
        <TextInput
          label={_('twoFactor.recoveryCode')}
          description={_('twoFactor.recoveryCodeHint')}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          autoFocus
          value={recoveryCode}
          onChange={(event) => {
            setRecoveryCode(event.currentTarget.value);
            setRecoveryError(undefined);
            if (answer.isError) answer.reset();
          }}
          error={
            recoveryError ? issueText(currentLanguage(), recoveryError) : answer.error?.message
          }
        />
        <Button type="submit" loading={answer.isPending}>
          {_('twoFactor.signInButton')}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={() => switchTo(false)}>
          {_('twoFactor.useAuthenticatorCode')}
        </Anchor>
      </Stack>
    </form>
  ) : (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        sendCode(code);
      }}
    >
      <Stack gap="md">
        <CodeInput
          label={_('twoFactor.authenticatorCode')}
          description={_('twoFactor.authenticatorCodeHint')}
          value={code}
          onChange={(value) => {
            setCode(value);
            if (answer.isError) answer.reset();
          }}
          onComplete={sendCode}
          readOnly={answer.isPending}
          error={answer.error?.message}
        />
        <Button type="submit" disabled={code.length !== CODE_LENGTH} loading={answer.isPending}>
          {_('twoFactor.verify')}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={() => switchTo(true)}>
          {_('twoFactor.useRecoveryCode')}
        </Anchor>
      </Stack>
    </form>
  );
}

/**
 * MFA setup: the lender requires two-factor sign-in, so it is set up before the session starts.
 * First the code e-mailed to the address on file (a password alone must not bind an
 * authenticator), then the app: its first code sends both.
 */
function SetupStep({
  challengeToken,
  onRestart,
}: {
  challengeToken: string;
  onRestart: () => void;
}) {
  const { _ } = useLingui();
  const startSession = useStartSession();
  // The e-mailed code, once typed: the app's set-up comes next.
  const [emailCode, setEmailCode] = useState<string>();
  const setup = useQuery({
    queryKey: ['sign-in', 'two-factor-setup', challengeToken],
    queryFn: () => twoFactorApi.startSetupAtSignIn(challengeToken),
    // A new secret each time would undo what the borrower has just scanned.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const confirm = useMutation({
    mutationFn: (code: string) =>
      twoFactorApi.confirmSetupAtSignIn({ challengeToken, code, emailCode: emailCode ?? '' }),
    // A wrong e-mailed code is typed again where it was typed first.
    onError: (error) => isWrongEmailCode(error) && setEmailCode(undefined),
  });

  const expired = [setup.error, confirm.error].find(isExpired);
  if (expired) return <ExpiredNotice message={expired.message} onRestart={onRestart} />;
  if (confirm.data) {
    const { user, recoveryCodes } = confirm.data;
    return (
      <RecoveryCodes
        codes={recoveryCodes}
        doneLabel={_('twoFactor.continue')}
        onDone={() => startSession(user)}
      />
    );
  }

  let body;
  if (emailCode === undefined) {
    body = (
      <EmailCodeStep
        challengeToken={challengeToken}
        error={isWrongEmailCode(confirm.error) ? confirm.error.message : undefined}
        onTyping={() => confirm.isError && confirm.reset()}
        onDone={(code) => {
          confirm.reset();
          setEmailCode(code);
        }}
        onExpired={onRestart}
      />
    );
  } else if (setup.isPending) {
    body = <PageLoader label={_('twoFactor.preparingSetup')} />;
  } else if (setup.isError) {
    body = (
      <Stack gap="sm">
        <ErrorAlert message={setup.error.message} />
        <Button onClick={() => void setup.refetch()}>{_('twoFactor.tryAgain')}</Button>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="md">
        <Group gap="xs">
          <Text size="sm">{_('twoFactor.emailCodeEntered')}</Text>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => setEmailCode(undefined)}
          >
            {_('twoFactor.changeEmailCode')}
          </Anchor>
        </Group>
        <AuthenticatorSetup
          setup={setup.data}
          onConfirm={(code) => confirm.mutate(code)}
          confirming={confirm.isPending}
          error={confirm.error?.message}
          onCodeChange={() => confirm.isError && confirm.reset()}
        />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Alert variant="light" title={_('twoFactor.setupTitle')}>
        {_('twoFactor.setupRequired')}
      </Alert>
      {body}
      <Text size="xs" c="dimmed">
        {_('twoFactor.setupExpires')}
      </Text>
    </Stack>
  );
}

const isWrongEmailCode = (error: Error | null): error is ApiError =>
  error instanceof ApiError && error.code === 'INVALID_EMAIL_CODE';

/** The code e-mailed when the set-up started; a new one on request (limited by the server). */
function EmailCodeStep({
  challengeToken,
  error,
  onTyping,
  onDone,
  onExpired,
}: {
  challengeToken: string;
  error: string | undefined;
  onTyping: () => void;
  onDone: (code: string) => void;
  onExpired: () => void;
}) {
  const { _ } = useLingui();
  const [code, setCode] = useState('');
  const resend = useMutation({
    mutationFn: () => twoFactorApi.resendSetupCodeAtSignIn(challengeToken),
    onSuccess: () => {
      setCode('');
      notifications.show({
        color: 'green',
        title: i18n._('twoFactor.emailCodeSent'),
        message: i18n._('twoFactor.emailCodeSentMessage'),
      });
    },
    onError: (failure) =>
      isExpired(failure)
        ? onExpired()
        : notifications.show({
            color: 'red',
            title: i18n._('twoFactor.emailCodeResendFailed'),
            message: failure.message,
          }),
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (code.length === CODE_LENGTH) onDone(code);
      }}
    >
      <Stack gap="md">
        <CodeInput
          label={_('twoFactor.emailCode')}
          description={_('twoFactor.emailCodeHint')}
          value={code}
          onChange={(value) => {
            setCode(value);
            onTyping();
          }}
          onComplete={onDone}
          error={error}
        />
        <Group justify="space-between" gap="sm">
          <Button variant="subtle" onClick={() => resend.mutate()} loading={resend.isPending}>
            {_('twoFactor.sendNewEmailCode')}
          </Button>
          <Button type="submit" disabled={code.length !== CODE_LENGTH}>
            {_('twoFactor.continue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
