import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCertificate } from '@tabler/icons-react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_TIME_ZONE, formatDate, NocLetterSigningSchema } from '@portal/domain';
import { NOC_LETTER_SIGNING_PATH } from '@portal/domain/api-paths';
import { apiGet } from '../../api/client';
import { addMessages, currentLanguage, useLingui } from '../../i18n';
import { messages } from '../../i18n/messages/admin';

addMessages(messages);

const nocLetterSigningQuery = () =>
  queryOptions({
    queryKey: ['admin', 'noc-letter-signing'],
    queryFn: ({ signal }) => apiGet(NOC_LETTER_SIGNING_PATH, NocLetterSigningSchema, { signal }),
    // Settings change only with a restart.
    staleTime: Infinity,
  });

/**
 * Whether new NOC letters are digitally signed (NOC_SIGNING_CERTIFICATE), and with which
 * certificate until when; unsigned letters say the verification page is authoritative.
 */
export function NocLetterSigning() {
  const { _ } = useLingui();
  const signing = useQuery(nocLetterSigningQuery());
  const certificate = signing.data?.certificate;
  return (
    <Stack gap="sm">
      <Title order={2}>{_('admin.nocLetters.title')}</Title>
      {signing.isError ? (
        <Text c="red">{_('admin.nocLetters.loadFailed', { message: signing.error.message })}</Text>
      ) : !signing.data ? null : certificate ? (
        <Alert
          color="green"
          icon={<IconCertificate aria-hidden />}
          title={_('admin.nocLetters.signed')}
        >
          {_('admin.nocLetters.signedDetail', {
            name: certificate.name,
            issuer: certificate.issuer,
            validTo: formatDate(certificate.validTo, DEFAULT_TIME_ZONE, currentLanguage()),
          })}
        </Alert>
      ) : (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle aria-hidden />}
          title={_('admin.nocLetters.unsigned')}
        >
          {_('admin.nocLetters.unsignedDetail')}
        </Alert>
      )}
    </Stack>
  );
}
