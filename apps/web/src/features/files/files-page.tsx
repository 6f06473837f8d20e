import { Link } from 'react-router';
import { Anchor, Box, Button, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconExternalLink, IconFileOff, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  ApprovalStatusSchema,
  COLLATERAL_FILE_TYPE_NAMES,
  formatDate,
  isStaffRole,
  UNIT_FILE_TYPE_NAMES,
  unitCheckerLabel,
  type ApprovalStatus,
  type DocumentParent,
  type DocumentSearchResponse,
  type Role,
} from '@portal/domain';
import { useCurrentUser } from '../../auth/require-session';
import { frequencyLink, unitLink } from '../../components/checker-list/deep-links';
import { ListControls } from '../../components/checker-list/list-controls';
import { useListParams } from '../../components/checker-list/list-params';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../components/page-title';
import { Pager } from '../../components/pager';
import { QueryLoader, RetryNotice } from '../../components/query-loader';
import { StatusBadge } from '../../components/status-badge';
import { NO_FILE_TEXT } from '../files-status/files-status-table';
import { documentSearchQuery } from './files-queries';

type StatusChoice = ApprovalStatus | 'ALL';
const STATUSES: readonly StatusChoice[] = ['ALL', ...ApprovalStatusSchema.options];
const STATUS_DATA = STATUSES.map((status) => ({
  value: status,
  label: status === 'ALL' ? 'All' : unitCheckerLabel(status),
}));

type DocumentRow = DocumentSearchResponse['files'][number];

/** SPEC §3 display names, by the kind of set the file belongs to. */
function fileTypeName({ file, parent }: DocumentRow): string {
  const names: Record<string, string> =
    parent.kind === 'unit' ? UNIT_FILE_TYPE_NAMES : COLLATERAL_FILE_TYPE_NAMES;
  return names[file.fileType] ?? file.fileType;
}

/** The address that opens the parent's document panel, where the file is previewed. */
function parentLink(role: Role, parent: DocumentParent): string | null {
  if (parent.kind === 'unit') {
    return parent.projectKey
      ? unitLink(role, {
          projectKey: parent.projectKey,
          key: parent.key,
          approvalStatus: parent.approvalStatus,
        })
      : null;
  }
  return parent.collateralKey
    ? frequencyLink(role, {
        collateralKey: parent.collateralKey,
        key: parent.key,
        approvalStatus: parent.approvalStatus,
      })
    : null;
}

/**
 * SPEC §2 "files": the signed-in borrower's documents across their units and frequencies (staff:
 * everyone's), newest upload first, paged and searched on the server. Each names what it belongs
 * to, with the link that opens that item's document panel (the inline preview lives there), and
 * a download link.
 */
export function FilesPage() {
  const user = useCurrentUser();
  const isStaff = isStaffRole(user.role);
  const { params, update } = useListParams(STATUSES, 'ALL');
  const list = useQuery(
    documentSearchQuery({
      page: params.page,
      perPage: params.perPage,
      search: params.search,
      status: params.status,
    }),
  );

  let body;
  if (list.isPending) {
    body = <QueryLoader query={list} label="Loading the documents…" />;
  } else if (list.isError) {
    body = (
      <EmptyState
        icon={<IconAlertTriangle aria-hidden />}
        title="The documents could not be loaded"
        description={list.error.message}
        action={<Button onClick={() => void list.refetch()}>Try again</Button>}
      />
    );
  } else if (list.data.meta.totalRecords === 0 && (params.search || params.status !== 'ALL')) {
    body = (
      <EmptyState
        icon={<IconSearch aria-hidden />}
        title={
          params.search ? `No documents match “${params.search}”` : 'No documents with this status'
        }
        description="Search by file name, document type, account, project, unit or collateral."
        action={
          <Button onClick={() => update({ search: '', status: '' })}>Show every document</Button>
        }
      />
    );
  } else if (list.data.meta.totalRecords === 0) {
    body = (
      <EmptyState
        title="No documents yet"
        description={
          isStaff
            ? 'Documents borrowers upload for their units and frequencies appear here.'
            : 'Documents you upload for your units and frequencies appear here.'
        }
      />
    );
  } else if (list.data.files.length === 0) {
    body = (
      <EmptyState
        icon={<IconFileOff aria-hidden />}
        title={`There is no page ${params.page}`}
        description={`The documents end on page ${list.data.meta.totalPages}.`}
        action={<Button onClick={() => update({})}>Go to the first page</Button>}
      />
    );
  } else {
    body = (
      <>
        <Box aria-busy={list.isFetching} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          {/* A phone scrolls the table inside its box, not the page (DESIGN §7). */}
          <Table.ScrollContainer minWidth={960} type="native">
            <Table aria-label="Documents" verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>File</Table.Th>
                  <Table.Th>Belongs to</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Uploaded</Table.Th>
                  <Table.Th>Download</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.files.map((row) => (
                  <DocumentTableRow key={row.file.key} row={row} role={user.role} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Box>
        <Pager
          label="Document pages"
          page={params.page}
          totalPages={list.data.meta.totalPages}
          disabled={list.isPlaceholderData}
          onChange={(page) => update({ page })}
        />
      </>
    );
  }

  const title = isStaff ? 'All documents' : 'Your documents';
  return (
    <Stack gap="lg">
      <PageTitle title={title} />
      <Title order={1}>{title}</Title>
      <ListControls
        params={params}
        update={update}
        statuses={STATUS_DATA}
        withSort={false}
        searchLabel={
          isStaff
            ? 'Search by file, type, account, project, unit or collateral'
            : 'Search by file, type, project, unit or collateral'
        }
      />
      <RetryNotice query={list} />
      {body}
    </Stack>
  );
}

function DocumentTableRow({ row, role }: { row: DocumentRow; role: Role }) {
  const { file, parent, meta } = row;
  const link = parentLink(role, parent);
  const typeName = fileTypeName(row);
  return (
    <Table.Tr>
      <Table.Td>{typeName}</Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        {file.fileName ?? (
          <Text span c="dimmed" size="sm">
            Remarks only
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {link ? (
          <Anchor component={Link} to={link} aria-label={`${parent.label}: open its documents`}>
            {parent.label}
          </Anchor>
        ) : (
          parent.label
        )}
        {isStaffRole(role) && (
          <Text size="sm" c="dimmed">
            {parent.accountName} ({parent.accountId})
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <StatusBadge status={file.approvalStatus} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(file.createdAt)}</Table.Td>
      <Table.Td>
        {file.fileName && meta.presignedUrl ? (
          <Anchor
            href={meta.presignedUrl}
            target="_blank"
            // The link is a bearer of access: the new tab gets no handle back, the host no referrer.
            rel="noopener noreferrer"
            aria-label={`Download ${typeName}: ${file.fileName} (opens in a new tab)`}
            style={{ whiteSpace: 'nowrap' }}
          >
            Download <IconExternalLink size={14} aria-hidden style={{ verticalAlign: 'middle' }} />
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {NO_FILE_TEXT}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
