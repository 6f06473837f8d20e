import { useState } from 'react';
import { Alert, Button, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, QuarantineListResponseSchema } from '@portal/domain';
import { QUARANTINE_PATH } from '@portal/domain/api-paths';
import { apiGet } from '../../api/client';
import { useCurrentUser } from '../../auth/require-session';
import { EmptyState } from '../../components/empty-state';
import { NotForRole } from '../../components/not-for-role';
import { PageLoader } from '../../components/page-loader';
import { PageTitle } from '../../components/page-title';
import { Pager } from '../../components/pager';
import { addMessages, currentLanguage, useLingui } from '../../i18n';
import { formatWhen } from './format-when';
import { messages } from '../../i18n/messages/admin';
import scrollCue from '../../components/scroll-cue.module.css';

addMessages(messages);

/** `GET /api/admin/quarantine?page=&perPage=`, admins only. */
const quarantineQuery = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'quarantine', { page }],
    queryFn: ({ signal }) =>
      apiGet(
        `${QUARANTINE_PATH}?page=${page}&perPage=${DEFAULT_PAGE_SIZE}`,
        QuarantineListResponseSchema,
        { signal },
      ),
  });

/**
 * /admin/quarantine: the uploads the virus scanner blocked, newest first. They were never
 * counted and are never served; this list is where an admin learns of them (who, which document,
 * what the scanner found). Says plainly when no scanner is configured, so files are not scanned.
 */
export function QuarantinePage() {
  const { _ } = useLingui();
  const user = useCurrentUser();
  if (user.role !== 'admin') {
    return (
      <NotForRole
        title={_('admin.adminsOnly')}
        description={_('admin.adminsOnlyQuarantine')}
        homeLabel={_('admin.goHome')}
      />
    );
  }
  return (
    <Stack gap="md">
      <PageTitle title={_('admin.quarantine.title')} />
      <Title order={1}>{_('admin.quarantine.title')}</Title>
      <QuarantineList />
    </Stack>
  );
}

function QuarantineList() {
  const { _ } = useLingui();
  const [page, setPage] = useState(1);
  const quarantine = useQuery({ ...quarantineQuery(page), placeholderData: keepPreviousData });
  if (quarantine.isPending) return <PageLoader label={_('admin.quarantine.loading')} />;
  if (quarantine.isError) {
    return (
      <EmptyState
        icon={<IconAlertTriangle aria-hidden />}
        title={_('admin.quarantine.loadFailed')}
        description={quarantine.error.message}
        action={<Button onClick={() => void quarantine.refetch()}>{_('admin.tryAgain')}</Button>}
      />
    );
  }
  const { files, scanning, meta } = quarantine.data;
  return (
    <Stack gap="sm">
      {!scanning && (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle aria-hidden />}
          title={_('admin.quarantine.notScanned')}
        >
          {_('admin.quarantine.notScannedDetail')}
        </Alert>
      )}
      {files.length === 0 ? (
        <EmptyState
          icon={<IconShieldCheck aria-hidden />}
          title={_('admin.quarantine.empty')}
          description={
            scanning ? _('admin.quarantine.emptyScanning') : _('admin.quarantine.emptyNotScanning')
          }
        />
      ) : (
        <>
          <Table.ScrollContainer
            minWidth={760}
            type="native"
            className={scrollCue.cue}
            tabIndex={0}
            role="region"
            aria-label={_('admin.quarantine.title')}
          >
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{_('admin.quarantine.file')}</Table.Th>
                  <Table.Th>{_('admin.quarantine.found')}</Table.Th>
                  <Table.Th>{_('admin.quarantine.uploadedTo')}</Table.Th>
                  <Table.Th>{_('admin.quarantine.uploadedBy')}</Table.Th>
                  <Table.Th>{_('admin.quarantine.blockedAt')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {files.map((file) => (
                  <Table.Tr key={file.key}>
                    <Table.Td maw={260} style={{ overflowWrap: 'anywhere' }}>
                      <Text size="sm">{file.fileName ?? '—'}</Text>
                      <Text size="xs" c="dimmed">
                        {file.fileType}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {file.scanResult ?? '—'}
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {_(
                        file.kind === 'unit'
                          ? 'admin.quarantine.unit'
                          : 'admin.quarantine.frequency',
                        {
                          key: file.parentKey,
                        },
                      )}
                      <Text size="xs" c="dimmed">
                        {_('admin.quarantine.account', { accountId: file.accountId })}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {file.uploadedBy ?? '—'}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatWhen(file.quarantinedAt, currentLanguage())}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager
            label={_('admin.quarantine.pages')}
            page={page}
            totalPages={meta.totalPages}
            onChange={setPage}
            disabled={quarantine.isPlaceholderData}
          />
        </>
      )}
    </Stack>
  );
}
