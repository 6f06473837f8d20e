import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Trans } from '@lingui/react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  SignupCheckBodySchema,
  type SignupCheckBody,
  type SignupCheckResponse,
} from '@portal/domain';
import { ApiError } from '../../api/client';
import { ErrorAlert } from '../identity-shared/error-alert';
import { identityApi } from '../identity-shared/identity-api';
import { addMessages, useLingui } from '../../i18n';
import { messages } from '../../i18n/messages/signUp';

addMessages(messages);

interface AccountIdStepProps {
  /** The accepted account, once the server has checked the id. */
  account: SignupCheckResponse | null;
  onAccepted: (account: SignupCheckResponse) => void;
  onReset: () => void;
}

/** docs/product.md#errors: answers about the id itself are shown under the field. */
function isAboutTheId(error: Error): boolean {
  return error instanceof ApiError && (error.code === 'USER_EXISTS' || error.code === 'NOT_FOUND');
}

/** docs/product.md#screens sign-up step one: the lender's account id, read-only once accepted. */
export function AccountIdStep({ account, onAccepted, onReset }: AccountIdStepProps) {
  const { _ } = useLingui();
  const [accountId, setAccountId] = useState('');
  const check = useMutation({
    mutationFn: (body: SignupCheckBody) => identityApi.checkAccount(body),
    onSuccess: onAccepted,
  });
  const body = SignupCheckBodySchema.safeParse({ accountId });
  const fieldError = check.error && isAboutTheId(check.error) ? check.error.message : undefined;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!body.success || check.isPending || account) return;
    check.mutate(body.data);
  }

  function changeId() {
    check.reset();
    onReset();
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label={_('signUp.accountId')}
          description={account ? undefined : _('signUp.accountIdHint')}
          autoComplete="username"
          autoCapitalize="characters"
          spellCheck={false}
          value={account ? account.accountId : accountId}
          onChange={(event) => {
            setAccountId(event.currentTarget.value);
            if (check.isError) check.reset();
          }}
          readOnly={Boolean(account) || check.isPending}
          // Accepted ids look fixed, not just behave so (docs/product.md#screens: read-only once accepted).
          variant={account ? 'filled' : 'default'}
          error={fieldError}
        />
        {account ? (
          <Group justify="space-between" gap="xs">
            <Text size="sm">
              <Trans
                id="signUp.accountHolder"
                values={{ name: account.name }}
                components={{ 0: <strong /> }}
              />
            </Text>
            <Button variant="subtle" size="compact-sm" onClick={changeId}>
              {_('signUp.useDifferentAccountId')}
            </Button>
          </Group>
        ) : (
          <>
            {check.error && !fieldError && <ErrorAlert message={check.error.message} />}
            <Button type="submit" disabled={!body.success} loading={check.isPending}>
              {_('signUp.submit')}
            </Button>
          </>
        )}
      </Stack>
    </form>
  );
}
