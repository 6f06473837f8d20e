import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck, IconShieldLock } from '@tabler/icons-react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_TIME_ZONE,
  formatDate,
  QuarantineListResponseSchema,
} from '@portal/domain';
import { apiGet } from '../../api/client';
import { homePathFor } from '../../api/session';
import { useCurrentUser } from '../../auth/require-session';
import { EmptyState } from '../../components/empty-state';
import { PageLoader } from '../../components/page-loader';
import { PageTitle } from '../../components/page-title';
import { Pager } from '../../components/pager';

const TITLE = 'Quarantined files';

const TIME = new Intl.DateTimeFormat('en-IN', {
  timeZone: DEFAULT_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
});
const formatWhen = (iso: string) => `${formatDate(iso)}, ${TIME.format(new Date(iso))}`;

/** `GET /api/admin/quarantine?page=&perPage=`, admins only. */
const quarantineQuery = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'quarantine', { page }],
    queryFn: ({ signal }) =>
      apiGet(
        `/admin/quarantine?page=${page}&perPage=${DEFAULT_PAGE_SIZE}`,
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
  const user = useCurrentUser();
  if (user.role !== 'admin') {
    return (
      <>
        <PageTitle title="Admins only" />
        <EmptyState
          headingOrder={1}
          icon={<IconShieldLock aria-hidden />}
          title="Admins only"
          description="Only lender administrators can see quarantined files."
          action={
            <Button component={Link} to={homePathFor(user)} variant="default">
              Go to your home page
            </Button>
          }
        />
      </>
    );
  }
  return (
    <Stack gap="md">
      <PageTitle title={TITLE} />
      <Title order={1}>{TITLE}</Title>
      <QuarantineList />
    </Stack>
  );
}

function QuarantineList() {
  const [page, setPage] = useState(1);
  const quarantine = useQuery({ ...quarantineQuery(page), placeholderData: keepPreviousData });
  if (quarantine.isPending) return <PageLoader label="Loading quarantined files…" />;
  if (quarantine.isError) {
    return (
      <EmptyState
        icon={<IconAlertTriangle aria-hidden />}
        title="Quarantined files could not be loaded"
        description={quarantine.error.message}
        action={<Button onClick={() => void quarantine.refetch()}>Try again</Button>}
      />
    );
  }
  const { files, scanning, meta } = quarantine.data;
  return (
    <Stack gap="sm">
      {!scanning && (
        <Alert
          color="orange"
          icon={<IconAlertTriangle aria-hidden />}
          title="Files are not scanned"
        >
          No virus scanner is configured (SCANNER_URL), so uploaded files are not checked for
          malware. Nothing can be quarantined until one is.
        </Alert>
      )}
      {files.length === 0 ? (
        <EmptyState
          icon={<IconShieldCheck aria-hidden />}
          title="No quarantined files"
          description={
            scanning ? 'The virus scanner has blocked no upload.' : 'No upload has been scanned.'
          }
        />
      ) : (
        <>
          <Table.ScrollContainer
            minWidth={760}
            type="native"
            tabIndex={0}
            role="region"
            aria-label={TITLE}
          >
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>File</Table.Th>
                  <Table.Th>Found</Table.Th>
                  <Table.Th>Uploaded to</Table.Th>
                  <Table.Th>Uploaded by</Table.Th>
                  <Table.Th>Blocked at</Table.Th>
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
                      {file.kind === 'unit' ? 'Unit' : 'Frequency'} {file.parentKey}
                      <Text size="xs" c="dimmed">
                        Account {file.accountId}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {file.uploadedBy ?? '—'}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatWhen(file.quarantinedAt)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager
            label="Quarantine pages"
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
