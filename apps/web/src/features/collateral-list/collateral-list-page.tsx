import { useCallback } from 'react';
import { Box, Button, LoadingOverlay, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconFileOff, IconSearch } from '@tabler/icons-react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CHECKER_STATUS_FILTERS,
  collateralCheckerLabel,
  DEFAULT_CHECKER_STATUS,
  frequencyCodeLabel,
  frequencyLabel,
  isStaffRole,
  monthLabel,
  type ApprovalStatus,
  type CheckerStatusFilter,
} from '@portal/domain';
import { useCurrentUser } from '../../auth/require-session';
import { FREQUENCY_LINK_PARAMS, periodLabel } from '../../components/checker-list/deep-links';
import { useDocumentPanelLink } from '../../components/checker-list/document-panel-link';
import { ListControls } from '../../components/checker-list/list-controls';
import { useListParams, type ListParams } from '../../components/checker-list/list-params';
import { submittedColumns } from '../../components/checker-list/queue-age';
import { AgeWithSignals } from '../../components/checker-list/queue-signals';
import { StatusActionButton } from '../../components/checker-list/status-action-button';
import {
  SelectForSubmit,
  useSubmitToChecker,
} from '../../components/checker-list/submit-to-checker';
import { ElsewhereLinks } from '../../components/elsewhere-links';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../components/page-title';
import { Pager } from '../../components/pager';
import { QueryLoader, RetryNotice } from '../../components/query-loader';
import { frequencySetRef } from '../documents/document-set-ref';
import { fetchFrequencySetRef, frequenciesRootKey } from '../frequencies/frequency-api';
import { addMessages, currentLanguage, useLingui } from '../../i18n';
import { checkerFrequenciesQuery } from './checker-frequencies-query';
import { collateralListHeading } from './collateral-list-route';
import queueTable from '../../components/checker-list/queue-table.module.css';
import scrollCue from '../../components/scroll-cue.module.css';
import { messages } from '../../i18n/messages/collateralList';

addMessages(messages);

/**
 * docs/product.md#screens "Collateral checker / status screen": one screen, titled by role. Staff work every
 * borrower's frequencies; a borrower sees their own and may resubmit the ones the API says are
 * ready (docs/product.md#statuses). Status, sort, page, search and the open frequency live in the address.
 */
export function CollateralListPage() {
  const { _ } = useLingui();
  const language = currentLanguage();
  const user = useCurrentUser();
  const isStaff = isStaffRole(user.role);
  const title = collateralListHeading(user);
  /** docs/product.md#screens, #statuses: the status filter in the collateral list's wording, and All. */
  const statusData = CHECKER_STATUS_FILTERS.map((status) => ({
    value: status,
    label:
      status === 'ALL' ? _('collateralList.statusAll') : collateralCheckerLabel(status, language),
  }));
  const queryClient = useQueryClient();
  const { params, update } = useListParams<CheckerStatusFilter>(
    CHECKER_STATUS_FILTERS,
    DEFAULT_CHECKER_STATUS,
  );
  const list = useQuery(checkerFrequenciesQuery(params));
  const rows = list.data?.monitoringFrequencies;

  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: frequenciesRootKey }),
    [queryClient],
  );
  const submit = useSubmitToChecker({
    kind: 'frequency',
    rows,
    enabled: user.role === 'client',
    nameOf: (frequency) => frequencyLabel(frequency, currentLanguage()),
    refresh,
  });
  const panel = useDocumentPanelLink({
    kind: 'frequency',
    params: FREQUENCY_LINK_PARAMS,
    rows,
    keysOf: (frequency) => ({ collateral: frequency.collateralKey, frequency: frequency.key }),
    statusOf: (frequency) => frequency.approvalStatus,
    nameOf: (frequency) => frequencyLabel(frequency, currentLanguage()),
    toRef: (frequency) => frequencySetRef(frequency, frequency.collateralName),
    fetchRef: (keys, signal) =>
      fetchFrequencySetRef(keys.collateral ?? '', keys.frequency ?? '', signal),
    onChanged: refresh,
  });
  // docs/product.md#validation: inputs are disabled while the list loads.
  const isLoading = list.isFetching || submit.busy;

  let body;
  if (list.isPending) {
    body = <QueryLoader query={list} label={_('collateralList.loading')} />;
  } else if (list.isError) {
    body = (
      <EmptyState
        icon={<IconAlertTriangle aria-hidden />}
        title={_('collateralList.loadFailed')}
        description={list.error.message}
        action={<Button onClick={() => void list.refetch()}>{_('collateralList.tryAgain')}</Button>}
      />
    );
  } else if (list.data.meta.totalRecords === 0 && params.search) {
    body = (
      <EmptyState
        icon={<IconSearch aria-hidden />}
        title={_('collateralList.noMatch', { search: params.search })}
        description={_('collateralList.noMatchHint')}
      />
    );
  } else if (list.data.meta.totalRecords === 0) {
    body = (
      <EmptyState
        title={
          params.status === 'ALL'
            ? _('collateralList.emptyTitle')
            : _('collateralList.emptyStatus', {
                status: collateralCheckerLabel(params.status, language),
              })
        }
        description={
          params.status === 'ALL' ? (
            _('collateralList.emptyHint')
          ) : (
            <OtherStatuses params={params} onChoose={(status) => update({ status })} />
          )
        }
      />
    );
  } else if (list.data.monitoringFrequencies.length === 0) {
    body = (
      <EmptyState
        icon={<IconFileOff aria-hidden />}
        title={_('collateralList.noPage', { page: params.page })}
        description={_('collateralList.pagesEnd', { totalPages: list.data.meta.totalPages })}
        action={<Button onClick={() => update({})}>{_('collateralList.firstPage')}</Button>}
      />
    );
  } else {
    const frequencies = list.data.monitoringFrequencies;
    const withSelect = frequencies.some((frequency) => submit.selection?.isSelectable(frequency));
    body = (
      <>
        <Box
          pos="relative"
          aria-busy={isLoading}
          style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
        >
          <LoadingOverlay
            visible={submit.settling}
            loaderProps={{ 'aria-label': _('collateralList.updating') }}
          />
          {/* A phone scrolls the table inside its box, not the page (docs/product.md#look-and-feel). */}
          <Table.ScrollContainer
            minWidth={withSelect ? 980 : 900}
            type="native"
            className={scrollCue.cue}
          >
            <Table
              aria-label={_('collateralList.tableLabel')}
              className={queueTable.table}
              verticalSpacing="sm"
              highlightOnHover
            >
              <Table.Thead>
                <Table.Tr>
                  {withSelect && <Table.Th>{_('collateralList.columnSelect')}</Table.Th>}
                  <Table.Th>{_('collateralList.columnCollateral')}</Table.Th>
                  {/* Staff see every borrower's rows; the account tells them apart. */}
                  {isStaff && <Table.Th>{_('collateralList.columnAccount')}</Table.Th>}
                  <Table.Th>{_('collateralList.columnFrequency')}</Table.Th>
                  <Table.Th>{_('collateralList.columnMonth')}</Table.Th>
                  <Table.Th>{_('collateralList.columnYear')}</Table.Th>
                  <Table.Th>{_('collateralList.columnSubmitted')}</Table.Th>
                  <Table.Th className={queueTable.pinnedAge}>
                    {_('collateralList.columnAge')}
                  </Table.Th>
                  <Table.Th className={queueTable.pinnedAction}>
                    {_('collateralList.columnAction')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {frequencies.map((frequency) => {
                  const { submitted, age } = submittedColumns(frequency);
                  return (
                    <Table.Tr key={frequency.key}>
                      {withSelect && (
                        <Table.Td>
                          <SelectForSubmit
                            selection={submit.selection}
                            row={frequency}
                            label={_('collateralList.selectRow', {
                              name: frequency.collateralName,
                              period: periodLabel(frequency),
                            })}
                          />
                        </Table.Td>
                      )}
                      <Table.Td>{frequency.collateralName}</Table.Td>
                      {isStaff && (
                        <Table.Td>
                          <Text inherit>{frequency.accountName}</Text>
                          <Text size="sm" c="dimmed">
                            {frequency.meta.account}
                          </Text>
                        </Table.Td>
                      )}
                      <Table.Td>{frequencyCodeLabel(frequency.frequency, language)}</Table.Td>
                      <Table.Td>{monthLabel(frequency.month, language)}</Table.Td>
                      <Table.Td>{frequency.year}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{submitted}</Table.Td>
                      <Table.Td className={queueTable.pinnedAge}>
                        <AgeWithSignals
                          age={age}
                          fraudFlagCount={frequency.fraudFlagCount}
                          pack={frequency}
                        />
                      </Table.Td>
                      <Table.Td className={queueTable.pinnedAction}>
                        {/* docs/product.md#screens, #statuses: the status button opens the document sidebar. */}
                        <StatusActionButton
                          status={frequency.approvalStatus}
                          label={collateralCheckerLabel(frequency.approvalStatus, language)}
                          of={_('collateralList.documentsOf', {
                            name: frequencyLabel(frequency, currentLanguage()),
                          })}
                          disabled={submit.busy}
                          onClick={() => panel.open(frequency)}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Box>
        <Pager
          label={_('collateralList.pagerLabel')}
          page={params.page}
          totalPages={list.data.meta.totalPages}
          disabled={isLoading}
          onChange={(page) => update({ page })}
        />
      </>
    );
  }

  return (
    <Stack gap="lg">
      <PageTitle title={title} />
      {/* Shown by the frame already while this page's code loaded (collateral-list-route.ts). */}
      <Title order={1}>{title}</Title>
      <ListControls
        params={params}
        update={update}
        statuses={statusData}
        searchLabel={_('collateralList.searchLabel')}
        disabled={isLoading}
      />
      {submit.landedNotice}
      <RetryNotice query={list} />
      {panel.notice}
      {body}
      {submit.block}
      {panel.panel}
    </Stack>
  );
}

/**
 * Where the rest is, when a status has no frequencies: each other status that has some, with its
 * count, as a link that sets the filter.
 */
function OtherStatuses({
  params,
  onChoose,
}: {
  params: ListParams<CheckerStatusFilter>;
  onChoose: (status: ApprovalStatus) => void;
}) {
  const { _ } = useLingui();
  const others = CHECKER_STATUS_FILTERS.flatMap((status) =>
    status !== 'ALL' && status !== params.status
      ? [{ value: status, label: collateralCheckerLabel(status, currentLanguage()) }]
      : [],
  );
  const totals = useQueries({
    queries: others.map(({ value }) =>
      checkerFrequenciesQuery({ ...params, status: value, page: 1 }),
    ),
  });
  return (
    <ElsewhereLinks
      lead={_('collateralList.elsewhere')}
      choices={others.map((other, index) => ({
        ...other,
        count: totals[index]?.data?.meta.totalRecords,
      }))}
      onChoose={onChoose}
      none={_('collateralList.emptyStatusHint')}
    />
  );
}
