import { PasswordInput, Stack } from '@mantine/core';
import { issueText, PASSWORD_HINT, translate, type ValidationIssue } from '@portal/domain';
import { addMessages, currentLanguage, useLingui } from '../../i18n';
import { messages } from '../../i18n/messages/identityShared';

addMessages(messages);

/** docs/product.md#validation: Submit needs the two passwords equal and non-empty. */
export function passwordsMatch(password: string, confirmation: string): boolean {
  return password !== '' && password === confirmation;
}

/**
 * A mismatch is shown once the confirmation can no longer become the password
 * by typing on, so the message does not flicker up at every keystroke.
 */
function showsMismatch(password: string, confirmation: string): boolean {
  return (
    confirmation !== '' &&
    confirmation !== password &&
    (confirmation.length >= password.length || !password.startsWith(confirmation))
  );
}

interface NewPasswordFieldsProps {
  labels: { password: string; confirmation: string };
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  /** The policy refusal, from the shared schema. */
  passwordError?: ValidationIssue | undefined;
  readOnly?: boolean;
}

/** Sign-up and new-password screens: a password with docs/product.md#screens's hint and its confirmation. */
export function NewPasswordFields({
  labels,
  password,
  confirmation,
  onPasswordChange,
  onConfirmationChange,
  passwordError,
  readOnly,
}: NewPasswordFieldsProps) {
  const { _ } = useLingui();
  const isMismatch = showsMismatch(password, confirmation);
  const language = currentLanguage();
  return (
    <Stack gap="md">
      <PasswordInput
        label={labels.password}
        // The refusal repeats the hint; showing both would say it twice.
        description={passwordError ? undefined : translate(language, PASSWORD_HINT)}
        autoComplete="new-password"
        value={password}
        onChange={(event) => onPasswordChange(event.currentTarget.value)}
        error={passwordError && issueText(language, passwordError)}
        // Mantine's PasswordInput does not mark its input invalid for assistive tech.
        aria-invalid={Boolean(passwordError)}
        readOnly={readOnly}
      />
      <PasswordInput
        label={labels.confirmation}
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => onConfirmationChange(event.currentTarget.value)}
        error={isMismatch ? _('identityShared.passwordsDoNotMatch') : undefined}
        aria-invalid={isMismatch}
        readOnly={readOnly}
      />
    </Stack>
  );
}
