import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import {
  TwoFactorResetBodySchema,
  TwoFactorResetResponseSchema,
  type TwoFactorResetBody,
} from '@portal/domain';
import { apiSend } from '../../api/client';

const resetTwoFactor = (body: TwoFactorResetBody) =>
  apiSend('POST', '/users/two-factor/reset', body, TwoFactorResetResponseSchema);

/**
 * A borrower who lost their phone and their recovery codes: an admin turns their two-factor
 * sign-in off. The borrower is e-mailed, their sessions end, and they set it up again.
 */
export function TwoFactorReset() {
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string>();
  const [toReset, setToReset] = useState<TwoFactorResetBody | null>(null);
  const reset = useMutation({
    mutationFn: resetTwoFactor,
    onSuccess: ({ username: reset }) => {
      notifications.show({
        color: 'green',
        title: 'Two-factor sign-in reset',
        message: `${reset} can sign in with their password and has been e-mailed.`,
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
    else setError(body.error.issues[0]?.message);
  }

  return (
    <Stack gap="sm">
      <Title order={2}>Reset a borrower’s two-factor sign-in</Title>
      <Text size="sm" c="dimmed" maw={640}>
        For a borrower who lost their authenticator app and their recovery codes. Staff two-factor
        sign-in is managed by your identity provider.
      </Text>
      <form onSubmit={handleSubmit} noValidate>
        <Group align="flex-start" gap="sm">
          <TextInput
            label="Borrower’s account id or e-mail"
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
            Reset…
          </Button>
        </Group>
      </form>
      <Modal
        opened={toReset !== null}
        onClose={() => setToReset(null)}
        title={`Reset two-factor sign-in of ${toReset?.username ?? ''}?`}
        centered
      >
        <Text>
          They will sign in with their password alone until they set up an authenticator app again.
          Their open sessions end and they are told by e-mail.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setToReset(null)} data-autofocus>
            Cancel
          </Button>
          <Button
            color="red"
            loading={reset.isPending}
            onClick={() => toReset && reset.mutate(toReset)}
          >
            Reset
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
