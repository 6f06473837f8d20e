import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Image,
  List,
  Stack,
  Text,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TwoFactorSetupResponse } from '@portal/domain';
import { CODE_LENGTH, CodeInput } from '../identity-shared/code-input';
import { addMessages, useLingui } from '../../i18n';
import { messages } from '../../i18n/messages/profile';

addMessages(messages);

interface AuthenticatorSetupProps {
  setup: TwoFactorSetupResponse;
  /** Called with the app's first code. */
  onConfirm: (code: string) => void;
  confirming: boolean;
  error?: string | undefined;
  onCodeChange?: () => void;
}

/** The key as authenticator apps print it, in groups of four: easier to type and to check. */
export const groupedKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Step one of turning two-factor sign-in on, on the profile and at a required first sign-in: the
 * QR code to scan (or, on the phone the app is on, a link that opens it), the same secret as text
 * for typing in, and the app's first code to confirm.
 */
export function AuthenticatorSetup({
  setup,
  onConfirm,
  confirming,
  error,
  onCodeChange,
}: AuthenticatorSetupProps) {
  const { _ } = useLingui();
  const [code, setCode] = useState('');
  return (
    <Stack gap="md">
      <List type="ordered" spacing="xs" size="sm">
        <List.Item>{_('profile.setupStepOpenApp')}</List.Item>
        <List.Item>{_('profile.setupStepScan')}</List.Item>
        <List.Item>{_('profile.setupStepEnterCode')}</List.Item>
      </List>
      <Image
        src={setup.qrCode}
        alt={_('profile.qrCodeAlt')}
        w={200}
        h={200}
        fit="contain"
        bg="white"
      />
      <Button component="a" href={setup.uri} variant="default" w="fit-content">
        {_('profile.openInApp')}
      </Button>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {_('profile.keyForTyping')}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Code data-testid="authenticator-secret" style={{ overflowWrap: 'anywhere' }}>
            {groupedKey(setup.secret)}
          </Code>
          <CopyButton value={setup.secret}>
            {({ copied, copy }) => (
              <Button size="compact-sm" variant="default" onClick={copy}>
                {copied ? _('profile.copied') : _('profile.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (code.length === CODE_LENGTH && !confirming) onConfirm(code);
        }}
      >
        <Stack gap="md">
          <CodeInput
            label={_('profile.appCode')}
            value={code}
            onChange={(value) => {
              setCode(value);
              onCodeChange?.();
            }}
            onComplete={(value) => !confirming && onConfirm(value)}
            readOnly={confirming}
            error={error}
          />
          <Button type="submit" disabled={code.length !== CODE_LENGTH} loading={confirming}>
            {_('profile.turnOn')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

/**
 * The recovery codes, shown this once (only their hashes are kept): the borrower confirms they
 * saved them before going on.
 */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel,
}: {
  codes: string[];
  onDone: () => void;
  doneLabel: string;
}) {
  const { _ } = useLingui();
  const [saved, setSaved] = useState(false);
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />}>
        {_('profile.saveRecoveryCodes')}
      </Alert>
      <List
        aria-label={_('profile.recoveryCodes')}
        listStyleType="none"
        spacing={4}
        ff="monospace"
        style={{ columns: 2 }}
      >
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <CopyButton value={codes.join('\n')}>
        {({ copied, copy }) => (
          <Button variant="default" onClick={copy}>
            {copied ? _('profile.copied') : _('profile.copyAllCodes')}
          </Button>
        )}
      </CopyButton>
      <Checkbox
        label={_('profile.savedRecoveryCodes')}
        checked={saved}
        onChange={(event) => setSaved(event.currentTarget.checked)}
      />
      <Button disabled={!saved} onClick={onDone}>
        {doneLabel}
      </Button>
    </Stack>
  );
}
