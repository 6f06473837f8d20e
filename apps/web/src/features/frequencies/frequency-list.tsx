import { useCallback } from 'react';
import { ActionIcon, Box, Button, Group, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconFileOff, IconPencil } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  frequencyCodeLabel,
  frequencyRowButton,
  monthLabel,
  PAGE_SIZES,
  type Collateral,
  type Frequency,
  type FrequencyListQuery,
  type FrequencySortColumn,
  type SortOrder,
} from '@portal/domain';
import { isServiceUnavailable } from '../../api/client';
import { periodLabel } from '../../components/checker-list/deep-links';
import { useDocumentPanelLink } from '../../components/checker-list/document-panel-link';
import {
  SelectForSubmit,
  useSubmitToChecker,
  type RowSelection,
} from '../../components/checker-list/submit-to-checker';
import { openConfirmModal } from '../../components/confirm';
import { EmptyState } from '../../components/empty-state';
import { ErrorPopup, updateFailedMessage } from '../../components/error-popup';
import { Pager } from '../../components/pager';
import { QueryLoader, RetryNotice } from '../../components/query-loader';
import { Select } from '../../components/select';
import { frequencySetRef } from '../documents/document-set-ref';
import {
  fetchFrequencySetRef,
  frequenciesQuery,
  frequenciesRootKey,
  reopenFrequency,
} from './frequency-api';
import { Hint } from '../../components/hint';
import { addMessages, currentLanguage, i18n, useLingui } from '../../i18n';
import { messages } from '../../i18n/messages/frequencies';
import scrollCue from '../../components/scroll-cue.module.css';

addMessages(messages);

/** docs/product.md#screens sort columns, in words a borrower reads; `key` orders by when the frequency was added. */
const SORT_COLUMNS: { value: FrequencySortColumn; labelKey: string }[] = [
  { value: 'key', labelKey: 'frequencies.sortDateAdded' },
  { value: 'approvalStatus', labelKey: 'frequencies.sortStatus' },
  { value: 'frequency', labelKey: 'frequencies.sortFrequency' },
  { value: 'month', labelKey: 'frequencies.sortMonth' },
  { value: 'year', labelKey: 'frequencies.sortYear' },
];

/** docs/product.md#api: topDown is ascending, bottomUp descending. */
const SORT_ORDERS: { value: SortOrder; labelKey: string }[] = [
  { value: 'topDown', labelKey: 'frequencies.ascending' },
  { value: 'bottomUp', labelKey: 'frequencies.descending' },
];

const PAGE_SIZE_DATA = PAGE_SIZES.map(String);

interface FrequencyListProps {
  collateral: Collateral;
  query: FrequencyListQuery;
  onQueryChange: (change: Partial<FrequencyListQuery>) => void;
  /** docs/product.md#roles: only clients select, submit and reopen. */
  isClient: boolean;
}

/**
 * docs/product.md#screens the frequency list of one collateral: sort column, page size and order; the table
 * with docs/product.md#statuses's row button, which opens the frequency's document panel (named in the address,
 * `?frequency=`); paging; and, for clients, the checker-list block that submits the frequencies
 * the API marks ready.
 */
export function FrequencyList({ collateral, query, onQueryChange, isClient }: FrequencyListProps) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  // The previous page stays on screen while the next one loads.
  const list = useQuery({
    ...frequenciesQuery(collateral.key, query),
    placeholderData: keepPreviousData,
  });
  const frequencies = list.data?.frequencies;

  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: frequenciesRootKey }),
    [queryClient],
  );
  const submit = useSubmitToChecker({
    kind: 'frequency',
    rows: frequencies,
    enabled: isClient,
    nameOf: periodLabel,
    refresh,
    // docs/product.md#statuses: after a successful bulk submit on this screen, the user goes to Collateral Status.
    landOn: '/collateralstatus',
    onSubmitted: refresh,
  });
  const panel = useDocumentPanelLink({
    kind: 'frequency',
    params: ['frequency'],
    fixed: { collateral: collateral.key },
    rows: frequencies,
    keysOf: (frequency) => ({ collateral: frequency.collateralKey, frequency: frequency.key }),
    statusOf: (frequency) => frequency.approvalStatus,
    nameOf: periodLabel,
    toRef: (frequency) => frequencySetRef(frequency, collateral.collateralName),
    fetchRef: (keys, signal) =>
      fetchFrequencySetRef(collateral.key, keys.frequency ?? '', signal, collateral.collateralName),
    onChanged: refresh,
  });
  // docs/product.md#validation: inputs are disabled while the list loads.
  const isLoading = list.isFetching || submit.busy;

  const reopen = useMutation({
    mutationFn: reopenFrequency,
    onSuccess: ({ frequency }) => {
      notifications.show({
        color: 'green',
        title: i18n._('frequencies.reopened'),
        message: i18n._('frequencies.reopenedMessage', { period: periodLabel(frequency) }),
      });
      refresh();
    },
  });

  /** docs/product.md#statuses: the edit icon reopens an approved frequency, after the user says so. */
  function confirmReopen(frequency: Frequency) {
    openConfirmModal({
      title: _('frequencies.reopenTitle'),
      centered: true,
      children: (
        <Text size="sm">{_('frequencies.reopenText', { period: periodLabel(frequency) })}</Text>
      ),
      labels: { confirm: _('frequencies.reopen'), cancel: _('frequencies.cancel') },
      onConfirm: () => reopen.mutate(frequency),
    });
  }

  const controls = (
    <Group gap="md" align="flex-end">
      <Select
        label={_('frequencies.sortBy')}
        data={SORT_COLUMNS.map(({ value, labelKey }) => ({ value, label: _(labelKey) }))}
        value={query.sortColumn}
        onChange={(value) => value && onQueryChange({ sortColumn: value as FrequencySortColumn })}
        allowDeselect={false}
        disabled={isLoading}
        w={{ base: '100%', xs: 160 }}
      />
      <Select
        label={_('frequencies.perPage')}
        data={PAGE_SIZE_DATA}
        value={String(query.perPage)}
        onChange={(value) =>
          value && onQueryChange({ perPage: Number(value) as FrequencyListQuery['perPage'] })
        }
        allowDeselect={false}
        disabled={isLoading}
        w={{ base: '100%', xs: 130 }}
      />
      <Select
        label={_('frequencies.order')}
        data={SORT_ORDERS.map(({ value, labelKey }) => ({ value, label: _(labelKey) }))}
        value={query.sortOrder}
        onChange={(value) => value && onQueryChange({ sortOrder: value as SortOrder })}
        allowDeselect={false}
        disabled={isLoading}
        w={{ base: '100%', xs: 140 }}
      />
    </Group>
  );

  let body;
  if (list.isPending) {
    body = <QueryLoader query={list} label={_('frequencies.listLoading')} />;
  } else if (list.isError) {
    body = (
      <EmptyState
        icon={<IconAlertTriangle aria-hidden />}
        title={_('frequencies.listLoadFailed')}
        description={list.error.message}
        action={<Button onClick={() => void list.refetch()}>{_('frequencies.tryAgain')}</Button>}
      />
    );
  } else if (list.data.meta.totalRecords === 0) {
    body = (
      <EmptyState
        title={_('frequencies.empty')}
        description={isClient ? _('frequencies.emptyClient') : _('frequencies.emptyStaff')}
      />
    );
  } else if (list.data.frequencies.length === 0) {
    body = (
      <EmptyState
        icon={<IconFileOff aria-hidden />}
        title={_('frequencies.noPage', { page: query.page })}
        description={_('frequencies.pagesEnd', { totalPages: list.data.meta.totalPages })}
        action={
          <Button onClick={() => onQueryChange({ page: 1 })}>{_('frequencies.firstPage')}</Button>
        }
      />
    );
  } else {
    body = (
      <>
        <Box aria-busy={isLoading} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          {/* A phone scrolls the table inside its box, not the page (docs/product.md#look-and-feel). */}
          <Table.ScrollContainer
            minWidth={isClient ? 560 : 480}
            type="native"
            className={scrollCue.cue}
          >
            <Table aria-label={_('frequencies.tableLabel')} verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  {isClient && <Table.Th>{_('frequencies.columnSelect')}</Table.Th>}
                  <Table.Th>{_('frequencies.columnFrequency')}</Table.Th>
                  <Table.Th>{_('frequencies.columnMonth')}</Table.Th>
                  <Table.Th>{_('frequencies.columnYear')}</Table.Th>
                  <Table.Th>{_('frequencies.columnAction')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.frequencies.map((frequency) => (
                  <FrequencyRow
                    key={frequency.key}
                    frequency={frequency}
                    isClient={isClient}
                    selection={submit.selection}
                    onOpen={() => panel.open(frequency)}
                    onReopen={() => confirmReopen(frequency)}
                    isReopening={reopen.isPending && reopen.variables.key === frequency.key}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Box>
        <Pager
          label={_('frequencies.pagerLabel')}
          page={query.page}
          totalPages={list.data.meta.totalPages}
          disabled={isLoading}
          onChange={(page) => onQueryChange({ page })}
        />
      </>
    );
  }

  return (
    <Stack gap="md">
      {controls}
      <RetryNotice query={list} />
      {panel.notice}
      {body}
      {/* docs/product.md#screens: the bar shows when at least one frequency is ready. */}
      {submit.block}
      {/* docs/product.md#errors: closing the failure popup clears it and reloads the list. */}
      <ErrorPopup
        opened={reopen.isError}
        onClose={() => {
          reopen.reset();
          refresh();
        }}
        message={
          reopen.error && isServiceUnavailable(reopen.error)
            ? updateFailedMessage()
            : reopen.error?.message
        }
      />
      {panel.panel}
    </Stack>
  );
}

interface FrequencyRowProps {
  frequency: Frequency;
  isClient: boolean;
  selection: RowSelection<Frequency> | null;
  onOpen: () => void;
  onReopen: () => void;
  isReopening: boolean;
}

function FrequencyRow({
  frequency,
  isClient,
  selection,
  onOpen,
  onReopen,
  isReopening,
}: FrequencyRowProps) {
  const { _ } = useLingui();
  const button = frequencyRowButton(
    {
      status: frequency.approvalStatus,
      uploadedFiles: frequency.uploadedFiles,
      hasRequiredFiles: frequency.hasRequiredFiles,
    },
    currentLanguage(),
  );
  const name = periodLabel(frequency);
  return (
    <Table.Tr>
      {isClient && (
        <Table.Td>
          <SelectForSubmit
            selection={selection}
            row={frequency}
            label={_('frequencies.selectRow', { name })}
          />
        </Table.Td>
      )}
      <Table.Td>{frequencyCodeLabel(frequency.frequency, currentLanguage())}</Table.Td>
      <Table.Td>{monthLabel(frequency.month, currentLanguage())}</Table.Td>
      <Table.Td>{frequency.year}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          {/* docs/product.md#statuses row button; it opens the frequency's documents (docs/product.md#screens sidebar). */}
          <Button variant="light" color={button.colour} onClick={onOpen} miw="max-content">
            {button.label}
          </Button>
          {/* docs/product.md#roles: only a client reopens an approved frequency. */}
          {button.showEdit && isClient && (
            <Hint label={_('frequencies.editTooltip')}>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={_('frequencies.reopenLabel', { name })}
                loading={isReopening}
                onClick={onReopen}
              >
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
            </Hint>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
