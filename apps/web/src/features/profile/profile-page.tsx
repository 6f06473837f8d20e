import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@portal/domain';
import { isStaffUser } from '../../api/session';
import { useCurrentUser } from '../../auth/require-session';
import { EmptyState } from '../../components/empty-state';
import { PageLoader } from '../../components/page-loader';
import { PageTitle } from '../../components/page-title';
import { CODE_LENGTH, CodeInput } from '../identity-shared/code-input';
import { AuthenticatorSetup, RecoveryCodes } from './authenticator-setup';
import { twoFactorApi, twoFactorStatusQuery } from './two-factor-api';

const TITLE = 'Profile';

/** /profile: who is signed in, and the borrower's two-factor sign-in. */
export function ProfilePage() {
  const user = useCurrentUser();
  return (
    <Stack gap="xl" maw={640}>
      <PageTitle title={TITLE} />
      <Title order={1}>{TITLE}</Title>
      <Stack gap={2}>
        <Text fw={600}>{user.name ?? user.username}</Text>
        <Text size="sm" c="dimmed">
          {user.username !== user.email ? `${user.username} · ${user.email}` : user.email}
        </Text>
      </Stack>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Title order={2} size="h3">
            Two-factor sign-in
          </Title>
          {isStaffUser(user) ? <StaffTwoFactor /> : <BorrowerTwoFactor user={user} />}
        </Stack>
      </Card>
    </Stack>
  );
}

function StaffTwoFactor() {
  return (
    <Text size="sm">
      Staff sign in through your organisation’s identity provider, which asks for your second
      factor. Change it there.
    </Text>
  );
}

function BorrowerTwoFactor({ user }: { user: SessionUser }) {
  const status = useQuery(twoFactorStatusQuery());
  if (status.isPending) return <PageLoader label="Loading your two-factor sign-in…" />;
  if (status.isError) {
    return (
      <EmptyState
        icon={<IconAlertTriangle aria-hidden />}
        title="Your two-factor sign-in could not be loaded"
        description={status.error.message}
        action={<Button onClick={() => void status.refetch()}>Try again</Button>}
      />
    );
  }
  return status.data.enabled ? (
    <TwoFactorOn
      recoveryCodesLeft={status.data.recoveryCodesLeft}
      required={status.data.required}
    />
  ) : (
    <TwoFactorOff key={user.username} />
  );
}

/** Off: set up an authenticator app, confirm its first code, then keep the recovery codes. */
function TwoFactorOff() {
  const queryClient = useQueryClient();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const setup = useMutation({ mutationFn: twoFactorApi.startSetup });
  const enable = useMutation({
    mutationFn: twoFactorApi.enable,
    onSuccess: (answer) => setRecoveryCodes(answer.recoveryCodes),
  });

  if (recoveryCodes) {
    return (
      <RecoveryCodes
        codes={recoveryCodes}
        doneLabel="Done"
        onDone={() => {
          notifications.show({
            color: 'green',
            title: 'Two-factor sign-in is on',
            message: 'From now on you sign in with your password and a code from the app.',
          });
          void queryClient.invalidateQueries({ queryKey: twoFactorStatusQuery().queryKey });
        }}
      />
    );
  }
  if (setup.data) {
    return (
      <AuthenticatorSetup
        setup={setup.data}
        onConfirm={(code) => enable.mutate(code)}
        confirming={enable.isPending}
        error={enable.error?.message}
        onCodeChange={() => enable.isError && enable.reset()}
      />
    );
  }
  return (
    <Stack gap="sm" align="flex-start">
      <Group gap="xs">
        <Text size="sm">Status:</Text>
        <Badge color="gray" variant="light">
          Off
        </Badge>
      </Group>
      <Text size="sm">
        Protect your account with a second step at sign-in: a six digit code from an authenticator
        app on your phone.
      </Text>
      {setup.error && (
        <Text size="sm" c="red" role="alert">
          {setup.error.message}
        </Text>
      )}
      <Button onClick={() => setup.mutate()} loading={setup.isPending}>
        Set up an authenticator app
      </Button>
    </Stack>
  );
}

/** On: how many recovery codes are left, and turning it off with a current code. */
function TwoFactorOn({
  recoveryCodesLeft,
  required,
}: {
  recoveryCodesLeft: number;
  required: boolean;
}) {
  const queryClient = useQueryClient();
  const [turningOff, setTurningOff] = useState(false);
  const [code, setCode] = useState('');
  const disable = useMutation({
    mutationFn: twoFactorApi.disable,
    onSuccess: () => {
      notifications.show({
        color: 'green',
        title: 'Two-factor sign-in is off',
        message: 'You now sign in with your password alone.',
      });
      return queryClient.invalidateQueries({ queryKey: twoFactorStatusQuery().queryKey });
    },
  });
  const submit = (value: string) => {
    if (value.length === CODE_LENGTH && !disable.isPending) disable.mutate(value);
  };

  return (
    <Stack gap="sm" align="flex-start">
      <Group gap="xs">
        <Text size="sm">Status:</Text>
        <Badge color="green" variant="light">
          On
        </Badge>
      </Group>
      <Text size="sm">
        You sign in with your password and a code from your authenticator app.{' '}
        {recoveryCodesLeft === 1
          ? '1 recovery code is left.'
          : `${recoveryCodesLeft} recovery codes are left.`}
      </Text>
      {required ? (
        <Text size="sm" c="dimmed">
          The lender requires two-factor sign-in for every borrower, so it stays on.
        </Text>
      ) : turningOff ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit(code);
          }}
        >
          <Stack gap="sm">
            <CodeInput
              label="Current code from your authenticator app"
              description="A current code confirms it is you turning it off"
              value={code}
              onChange={(value) => {
                setCode(value);
                if (disable.isError) disable.reset();
              }}
              onComplete={submit}
              readOnly={disable.isPending}
              error={disable.error?.message}
            />
            <Group gap="sm">
              <Button variant="default" onClick={() => setTurningOff(false)}>
                Cancel
              </Button>
              <Button
                type="submit"
                color="red"
                disabled={code.length !== CODE_LENGTH}
                loading={disable.isPending}
              >
                Turn off
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Button variant="light" color="red" onClick={() => setTurningOff(true)}>
          Turn off two-factor sign-in
        </Button>
      )}
    </Stack>
  );
}
