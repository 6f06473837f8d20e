import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Button, Stack, TextInput } from '@mantine/core';
import {
  EMAIL_MESSAGE,
  EmailSchema,
  SignupBodySchema,
  translate,
  type ValidationIssue,
  type SignupBody,
} from '@portal/domain';
import { ApiError } from '../../api/client';
import { ErrorAlert } from '../identity-shared/error-alert';
import { rememberFlowValue } from '../identity-shared/flow-state';
import { identityApi } from '../identity-shared/identity-api';
import { NewPasswordFields, passwordsMatch } from '../identity-shared/new-password-fields';
import { addMessages, currentLanguage, useLingui } from '../../i18n';
import { messages } from '../../i18n/messages/signUp';

addMessages(messages);

/**
 * docs/product.md#screens sign-up step two: e-mail and password. Submit needs a valid e-mail and
 * two equal passwords (docs/product.md#validation); the password policy is checked on submit with
 * the schema the server uses, so its refusal appears under the field.
 */
export function DetailsStep({ accountId }: { accountId: string }) {
  const { _ } = useLingui();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [passwordError, setPasswordError] = useState<ValidationIssue>();
  const signUp = useMutation({
    mutationFn: (body: SignupBody) => identityApi.signUp(body),
    onSuccess: ({ accountId: confirmedId }) => {
      rememberFlowValue('signupAccountId', confirmedId);
      void navigate('/verification', { state: { signupAccountId: confirmedId } });
    },
  });

  const isEmailValid = EmailSchema.safeParse(email).success;
  const canSubmit = isEmailValid && passwordsMatch(password, confirmation);
  // docs/product.md#api: the server refuses an e-mail other than the one the lender holds.
  const isEmailRefused = signUp.error instanceof ApiError && signUp.error.code === 'EMAIL_MISMATCH';
  const emailError =
    email !== '' && !isEmailValid
      ? translate(currentLanguage(), EMAIL_MESSAGE)
      : isEmailRefused
        ? signUp.error?.message
        : undefined;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit || signUp.isPending) return;
    const body = SignupBodySchema.safeParse({ accountId, email, password });
    if (!body.success) {
      setPasswordError(body.error.issues.find((issue) => issue.path[0] === 'password'));
      return;
    }
    signUp.mutate(body.data);
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md" mt="lg">
        <TextInput
          label={_('signUp.email')}
          type="email"
          autoComplete="email"
          autoFocus
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            if (isEmailRefused) signUp.reset();
          }}
          error={emailError}
          readOnly={signUp.isPending}
        />
        <NewPasswordFields
          labels={{
            password: _('signUp.createPassword'),
            confirmation: _('signUp.confirmPassword'),
          }}
          password={password}
          confirmation={confirmation}
          onPasswordChange={(value) => {
            setPassword(value);
            setPasswordError(undefined);
          }}
          onConfirmationChange={setConfirmation}
          passwordError={passwordError}
          readOnly={signUp.isPending}
        />
        {signUp.error && !isEmailRefused && <ErrorAlert message={signUp.error.message} />}
        <Button type="submit" disabled={!canSubmit} loading={signUp.isPending}>
          {_('signUp.submit')}
        </Button>
      </Stack>
    </form>
  );
}
