import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import {
  issueText,
  TwoFactorResetBodySchema,
  TwoFactorResetResponseSchema,
  type TwoFactorResetBody,
} from '@portal/domain';
import { TWO_FACTOR_RESET_PATH } from '@portal/domain/api-paths';
import { apiSend } from '../../api/client';
import { addMessages, currentLanguage, i18n, useLingui } from '../../i18n';
import { messages } from '../../i18n/messages/admin';

addMessages(messages);

const resetTwoFactor = (body: TwoFactorResetBody) =>
  apiSend('POST', TWO_FACTOR_RESET_PATH, body, TwoFactorResetResponseSchema);

/**
 * A borrower who lost their phone and their recovery codes: an admin turns their two-factor
 * sign-in off. The borrower is e-mailed, their sessions end, and they set it up again.
 */
export function TwoFactorReset() {
  const { _ } = useLingui();
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string>();
  const [toReset, setToReset] = useState<TwoFactorResetBody | null>(null);
  const reset = useMutation({
    mutationFn: resetTwoFactor,
    onSuccess: ({ username: reset }) => {
      notifications.show({
        color: 'green',
        title: i18n._('admin.twoFactor.done'),
        message: i18n._('admin.twoFactor.doneDetail', { username: reset }),
      });
      setUsername('');
    },
    onError: (failure) => setError(failure.message),
    onSettled: () => setToReset(null),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = TwoFactorResetBodySchema.safeParse({ username });
    if (body.success) setToReset(body.data);
    else setError(issueText(currentLanguage(), body.error.issues[0]!));
  }

  return (
    <Stack gap="sm">
      <Title order={2}>{_('admin.twoFactor.title')}</Title>
      <Text size="sm" c="dimmed" maw={640}>
        {_('admin.twoFactor.intro')}
      </Text>
      <form onSubmit={handleSubmit} noValidate>
        <Group align="flex-start" gap="sm">
          <TextInput
            label={_('admin.twoFactor.username')}
            value={username}
            onChange={(event) => {
              setUsername(event.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            w={320}
            maw="100%"
          />
          <Button type="submit" mt={25} variant="default">
            {_('admin.twoFactor.submit')}
          </Button>
        </Group>
      </form>
      <Modal
        opened={toReset !== null}
        onClose={() => setToReset(null)}
        title={_('admin.twoFactor.confirmTitle', { username: toReset?.username ?? '' })}
        centered
      >
        <Text>{_('admin.twoFactor.confirmDetail')}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setToReset(null)} data-autofocus>
            {_('admin.cancel')}
          </Button>
          <Button
            color="red"
            loading={reset.isPending}
            onClick={() => toReset && reset.mutate(toReset)}
          >
            {_('admin.twoFactor.confirm')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
