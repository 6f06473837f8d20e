import { lazy, Suspense, useState } from 'react';
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
import { addMessages, i18n, useLingui } from '../../i18n';
import { messages } from '../../i18n/messages/profile';
import { twoFactorApi, twoFactorStatusQuery } from './two-factor-api';

addMessages(messages);

// Setting up is a one-time step: its code loads when the borrower starts it, not with the page.
const setupSteps = () => import('./authenticator-setup');
const AuthenticatorSetup = lazy(() =>
  setupSteps().then(({ AuthenticatorSetup: step }) => ({ default: step })),
);
const RecoveryCodes = lazy(() =>
  setupSteps().then(({ RecoveryCodes: step }) => ({ default: step })),
);

/** /profile: who is signed in, and the borrower's two-factor sign-in. */
export function ProfilePage() {
  const { _ } = useLingui();
  const user = useCurrentUser();
  const title = _('profile.title');
  return (
    <Stack gap="xl" maw={640}>
      <PageTitle title={title} />
      <Title order={1}>{title}</Title>
      <Stack gap={2}>
        <Text fw={600}>{user.name ?? user.username}</Text>
        <Text size="sm" c="dimmed">
          {user.username !== user.email ? `${user.username} · ${user.email}` : user.email}
        </Text>
      </Stack>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Title order={2} size="h3">
            {_('profile.twoFactorHeading')}
          </Title>
          {isStaffUser(user) ? <StaffTwoFactor /> : <BorrowerTwoFactor user={user} />}
        </Stack>
      </Card>
    </Stack>
  );
}

function StaffTwoFactor() {
  const { _ } = useLingui();
  return <Text size="sm">{_('profile.staffTwoFactor')}</Text>;
}

function BorrowerTwoFactor({ user }: { user: SessionUser }) {
  const { _ } = useLingui();
  const status = useQuery(twoFactorStatusQuery());
  if (status.isPending) return <PageLoader label={_('profile.loading')} />;
  if (status.isError) {
    return (
      <EmptyState
        icon={<IconAlertTriangle aria-hidden />}
        title={_('profile.loadFailed')}
        description={status.error.message}
        action={<Button onClick={() => void status.refetch()}>{_('profile.tryAgain')}</Button>}
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
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const setup = useMutation({ mutationFn: twoFactorApi.startSetup });
  const enable = useMutation({
    mutationFn: twoFactorApi.enable,
    onSuccess: (answer) => setRecoveryCodes(answer.recoveryCodes),
  });

  if (recoveryCodes) {
    return (
      <Suspense fallback={<PageLoader label={_('profile.loading')} />}>
        <RecoveryCodes
          codes={recoveryCodes}
          doneLabel={_('profile.done')}
          onDone={() => {
            notifications.show({
              color: 'green',
              title: i18n._('profile.turnedOnTitle'),
              message: i18n._('profile.turnedOnMessage'),
            });
            void queryClient.invalidateQueries({ queryKey: twoFactorStatusQuery().queryKey });
          }}
        />
      </Suspense>
    );
  }
  if (setup.data) {
    return (
      <Suspense fallback={<PageLoader label={_('profile.loading')} />}>
        <AuthenticatorSetup
          setup={setup.data}
          onConfirm={(code) => enable.mutate(code)}
          confirming={enable.isPending}
          error={enable.error?.message}
          onCodeChange={() => enable.isError && enable.reset()}
        />
      </Suspense>
    );
  }
  return (
    <Stack gap="sm" align="flex-start">
      <Group gap="xs">
        <Text size="sm">{_('profile.status')}</Text>
        <Badge color="gray" variant="light">
          {_('profile.off')}
        </Badge>
      </Group>
      <Text size="sm">{_('profile.offDescription')}</Text>
      {setup.error && (
        <Text size="sm" c="red" role="alert">
          {setup.error.message}
        </Text>
      )}
      <Button onClick={() => setup.mutate()} loading={setup.isPending}>
        {_('profile.setUp')}
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
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const [turningOff, setTurningOff] = useState(false);
  const [code, setCode] = useState('');
  const disable = useMutation({
    mutationFn: twoFactorApi.disable,
    onSuccess: () => {
      notifications.show({
        color: 'green',
        title: i18n._('profile.turnedOffTitle'),
        message: i18n._('profile.turnedOffMessage'),
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
        <Text size="sm">{_('profile.status')}</Text>
        <Badge color="green" variant="light">
          {_('profile.on')}
        </Badge>
      </Group>
      <Text size="sm">{_('profile.onDescription', { count: recoveryCodesLeft })}</Text>
      {required ? (
        <Text size="sm" c="dimmed">
          {_('profile.requiredStaysOn')}
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
              label={_('profile.currentCode')}
              description={_('profile.currentCodeHint')}
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
                {_('profile.cancel')}
              </Button>
              <Button
                type="submit"
                color="red"
                disabled={code.length !== CODE_LENGTH}
                loading={disable.isPending}
              >
                {_('profile.turnOff')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Button variant="light" color="red" onClick={() => setTurningOff(true)}>
          {_('profile.turnOffTwoFactor')}
        </Button>
      )}
    </Stack>
  );
}
