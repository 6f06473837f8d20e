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

interface AuthenticatorSetupProps {
  setup: TwoFactorSetupResponse;
  /** Called with the app's first code. */
  onConfirm: (code: string) => void;
  confirming: boolean;
  error?: string | undefined;
  onCodeChange?: () => void;
}

/**
 * Step one of turning two-factor sign-in on, on the profile and at a required first sign-in: the
 * QR code to scan, the same secret as text for typing in, and the app's first code to confirm.
 */
export function AuthenticatorSetup({
  setup,
  onConfirm,
  confirming,
  error,
  onCodeChange,
}: AuthenticatorSetupProps) {
  const [code, setCode] = useState('');
  return (
    <Stack gap="md">
      <List type="ordered" spacing="xs" size="sm">
        <List.Item>
          Open an authenticator app on your phone (for example Google Authenticator, Microsoft
          Authenticator or 1Password).
        </List.Item>
        <List.Item>Scan this QR code, or type in the key below.</List.Item>
        <List.Item>Enter the six digit code the app shows.</List.Item>
      </List>
      <Image
        src={setup.qrCode}
        alt="QR code for your authenticator app"
        w={200}
        h={200}
        fit="contain"
        bg="white"
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Key for typing in
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Code data-testid="authenticator-secret" style={{ overflowWrap: 'anywhere' }}>
            {setup.secret}
          </Code>
          <CopyButton value={setup.secret}>
            {({ copied, copy }) => (
              <Button size="compact-sm" variant="default" onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
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
            label="Code from your authenticator app"
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
            Turn on two-factor sign-in
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
  const [saved, setSaved] = useState(false);
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />}>
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone.
        They are shown only now.
      </Alert>
      <List
        aria-label="Recovery codes"
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
            {copied ? 'Copied' : 'Copy all codes'}
          </Button>
        )}
      </CopyButton>
      <Checkbox
        label="I have saved my recovery codes"
        checked={saved}
        onChange={(event) => setSaved(event.currentTarget.checked)}
      />
      <Button disabled={!saved} onClick={onDone}>
        {doneLabel}
      </Button>
    </Stack>
  );
}
