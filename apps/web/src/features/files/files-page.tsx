import { Link } from 'react-router';
import { Anchor, Box, Button, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconExternalLink, IconFileOff, IconSearch } from '@tabler/icons-react';
import { useQueries, useQuery } from '@tanstack/react-query';
import {
  ApprovalStatusSchema,
  collateralFileTypeLabel,
  CollateralFileTypeSchema,
  DEFAULT_TIME_ZONE,
  formatDate,
  isStaffRole,
  unitCheckerLabel,
  unitFileTypeLabel,
  UnitFileTypeSchema,
  type ApprovalStatus,
  type DocumentParent,
  type DocumentSearchResponse,
  type Role,
} from '@portal/domain';
import { useCurrentUser } from '../../auth/require-session';
import { frequencyLink, unitLink } from '../../components/checker-list/deep-links';
import { ListControls } from '../../components/checker-list/list-controls';
import { useListParams, type ListParams } from '../../components/checker-list/list-params';
import { ElsewhereLinks } from '../../components/elsewhere-links';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../components/page-title';
import { Pager } from '../../components/pager';
import { QueryLoader, RetryNotice } from '../../components/query-loader';
import { StatusBadge } from '../../components/status-badge';
import { NO_FILE_TEXT_KEY } from '../files-status/files-status-table';
import { addMessages, currentLanguage, useLingui } from '../../i18n';
import { documentSearchQuery } from './files-queries';
import { messages } from '../../i18n/messages/files';
import scrollCue from '../../components/scroll-cue.module.css';

type StatusChoice = ApprovalStatus | 'ALL';
const STATUSES: readonly StatusChoice[] = ['ALL', ...ApprovalStatusSchema.options];

addMessages(messages);

type DocumentRow = DocumentSearchResponse['files'][number];

/** docs/product.md#records display names in the screens' language, by the kind of set the file belongs to. */
function fileTypeName({ file, parent }: DocumentRow): string {
  const language = currentLanguage();
  if (parent.kind === 'unit') {
    const known = UnitFileTypeSchema.safeParse(file.fileType);
    return known.success ? unitFileTypeLabel(known.data, language) : file.fileType;
  }
  const known = CollateralFileTypeSchema.safeParse(file.fileType);
  return known.success ? collateralFileTypeLabel(known.data, language) : file.fileType;
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
 * docs/product.md#screens "files": the signed-in borrower's documents across their units and frequencies (staff:
 * everyone's), newest upload first, paged and searched on the server. Each names what it belongs
 * to, with the link that opens that item's document panel (the inline preview lives there), and
 * a download link.
 */
export function FilesPage() {
  const { _ } = useLingui();
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
    body = <QueryLoader query={list} label={_('files.loading')} />;
  } else if (list.isError) {
    body = (
      <EmptyState
        icon={<IconAlertTriangle aria-hidden />}
        title={_('files.loadFailed')}
        description={list.error.message}
        action={<Button onClick={() => void list.refetch()}>{_('files.tryAgain')}</Button>}
      />
    );
  } else if (list.data.meta.totalRecords === 0 && (params.search || params.status !== 'ALL')) {
    body = (
      <EmptyState
        icon={<IconSearch aria-hidden />}
        title={
          params.search ? _('files.noMatch', { search: params.search }) : _('files.noStatusMatch')
        }
        description={
          params.status === 'ALL' ? (
            _('files.searchHint')
          ) : (
            <OtherStatuses
              params={params}
              onChoose={(status) => update({ status })}
              none={_('files.searchHint')}
            />
          )
        }
        action={
          <Button onClick={() => update({ search: '', status: '' })}>{_('files.showAll')}</Button>
        }
      />
    );
  } else if (list.data.meta.totalRecords === 0) {
    body = (
      <EmptyState
        title={_('files.emptyTitle')}
        description={isStaff ? _('files.emptyStaff') : _('files.emptyBorrower')}
      />
    );
  } else if (list.data.files.length === 0) {
    body = (
      <EmptyState
        icon={<IconFileOff aria-hidden />}
        title={_('files.noPage', { page: params.page })}
        description={_('files.pagesEnd', { totalPages: list.data.meta.totalPages })}
        action={<Button onClick={() => update({})}>{_('files.firstPage')}</Button>}
      />
    );
  } else {
    body = (
      <>
        <Box aria-busy={list.isFetching} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          {/* A phone scrolls the table inside its box, not the page (docs/product.md#look-and-feel). */}
          <Table.ScrollContainer minWidth={960} type="native" className={scrollCue.cue}>
            <Table aria-label={_('files.tableLabel')} verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{_('files.columnType')}</Table.Th>
                  <Table.Th>{_('files.columnFile')}</Table.Th>
                  <Table.Th>{_('files.columnBelongsTo')}</Table.Th>
                  <Table.Th>{_('files.columnStatus')}</Table.Th>
                  <Table.Th>{_('files.columnUploaded')}</Table.Th>
                  <Table.Th>{_('files.columnDownload')}</Table.Th>
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
        {list.data.meta.moreThanTotal && (
          <Text size="sm" c="dimmed">
            {_('files.moreThanShown', { count: list.data.meta.totalRecords })}
          </Text>
        )}
        <Pager
          label={_('files.pagerLabel')}
          page={params.page}
          totalPages={list.data.meta.totalPages}
          disabled={list.isPlaceholderData}
          onChange={(page) => update({ page })}
        />
      </>
    );
  }

  const title = isStaff ? _('files.titleStaff') : _('files.titleBorrower');
  const statusData = STATUSES.map((status) => ({
    value: status,
    label:
      status === 'ALL' ? _('files.statusAll') : unitCheckerLabel(status, false, currentLanguage()),
  }));
  return (
    <Stack gap="lg">
      <PageTitle title={title} />
      <Title order={1}>{title}</Title>
      <ListControls
        params={params}
        update={update}
        statuses={statusData}
        withSort={false}
        searchLabel={isStaff ? _('files.searchStaff') : _('files.searchBorrower')}
      />
      <RetryNotice query={list} />
      {body}
    </Stack>
  );
}

/**
 * Where the rest is, when a status has no documents: each other status that has some (with the
 * same search), with its count, as a link that sets the filter.
 */
function OtherStatuses({
  params,
  onChoose,
  none,
}: {
  params: ListParams<StatusChoice>;
  onChoose: (status: ApprovalStatus) => void;
  none: string;
}) {
  const { _ } = useLingui();
  const others = ApprovalStatusSchema.options.flatMap((status) =>
    status !== params.status
      ? [{ value: status, label: unitCheckerLabel(status, false, currentLanguage()) }]
      : [],
  );
  const totals = useQueries({
    queries: others.map(({ value }) => ({
      ...documentSearchQuery({ ...params, status: value, page: 1 }),
      // Counts only: their download links are never shown, so they need no renewing.
      refetchInterval: false as const,
    })),
  });
  return (
    <ElsewhereLinks
      lead={_('files.elsewhere')}
      choices={others.map((other, index) => ({
        ...other,
        count: totals[index]?.data?.meta.totalRecords,
        more: totals[index]?.data?.meta.moreThanTotal,
      }))}
      onChoose={onChoose}
      none={none}
    />
  );
}

function DocumentTableRow({ row, role }: { row: DocumentRow; role: Role }) {
  const { _ } = useLingui();
  const { file, parent, meta } = row;
  const link = parentLink(role, parent);
  const typeName = fileTypeName(row);
  return (
    <Table.Tr>
      <Table.Td>{typeName}</Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        {file.fileName ?? (
          <Text span c="dimmed" size="sm">
            {_('files.remarksOnly')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {link ? (
          <Anchor
            component={Link}
            to={link}
            aria-label={_('files.openParent', { label: parent.label })}
          >
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
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {formatDate(file.createdAt, DEFAULT_TIME_ZONE, currentLanguage())}
      </Table.Td>
      <Table.Td>
        {file.fileName && meta.presignedUrl ? (
          <Anchor
            href={meta.presignedUrl}
            target="_blank"
            // The link is a bearer of access: the new tab gets no handle back, the host no referrer.
            rel="noopener noreferrer"
            aria-label={_('files.downloadLabel', { typeName, fileName: file.fileName })}
            style={{ whiteSpace: 'nowrap' }}
          >
            {_('files.download')}{' '}
            <IconExternalLink size={14} aria-hidden style={{ verticalAlign: 'middle' }} />
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {_(NO_FILE_TEXT_KEY)}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
