import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Box, Button, Checkbox, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconFileOff } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  CHECKER_STATUS_FILTERS,
  CheckerListQuerySchema,
  collateralCheckerLabel,
  DEFAULT_CHECKER_STATUS,
  FREQUENCY_LABELS,
  monthLabel,
  PAGE_SIZES,
  STATUS_COLOURS,
  type CheckerFrequency,
  type CheckerListQuery,
  type CheckerSort,
} from '@portal/domain';
import { isStaff } from '../../api/session';
import { useCurrentUser } from '../../auth/require-session';
import { EmptyState } from '../../components/empty-state';
import { ErrorPopup } from '../../components/error-popup';
import { PageLoader } from '../../components/page-loader';
import { PageTitle } from '../../components/page-title';
import { Pager } from '../../components/pager';
import { SubmitToCheckerBar } from '../../components/submit-to-checker-bar';
import { DocumentPanel } from '../documents/document-panel';
import { frequencySetRef, type DocumentSetRef } from '../documents/document-set-ref';
import {
  frequenciesRootKey,
  frequencyName,
  isReadyAtListLevel,
  isServiceUnavailable,
  submitFrequencies,
  UPDATE_FAILED_MESSAGE,
} from '../frequencies/frequency-api';
import { urlParam } from '../frequencies/url-param';
import { checkerFrequenciesQuery, type CheckerStatus } from './checker-frequencies-query';

/** SPEC §2 / §9: the status filter, pending by default, labelled as SPEC §4's collateral list. */
const StatusParamSchema = z.enum(CHECKER_STATUS_FILTERS).default(DEFAULT_CHECKER_STATUS);
const STATUS_DATA = CHECKER_STATUS_FILTERS.map((status) => ({
  value: status,
  label: collateralCheckerLabel(status),
}));

const SORT_DATA: { value: CheckerSort; label: string }[] = [
  { value: 'recentlyUpdatedOnTop', label: 'Recently updated on top' },
  { value: 'recentlyUpdatedOnBottom', label: 'Recently updated on bottom' },
];

const PAGE_SIZE_DATA = PAGE_SIZES.map(String);

interface Filters extends CheckerListQuery {
  status: CheckerStatus;
}

/** SPEC §9 defaults: pending, recently updated on top, ten a page, page 1. */
function filtersFrom(searchParams: URLSearchParams): Filters {
  const { shape } = CheckerListQuerySchema;
  return {
    status: urlParam(StatusParamSchema, searchParams.get('status')),
    sort: urlParam(shape.sort, searchParams.get('sort')),
    perPage: urlParam(shape.perPage, searchParams.get('perPage')),
    page: urlParam(shape.page, searchParams.get('page')),
  };
}

/**
 * SPEC §2 "Collateral checker / status screen": one screen, titled by role.
 * Staff review every borrower's frequencies; a borrower sees their own and may
 * resubmit the rejected ones they have fixed (SPEC §4).
 */
export function CollateralListPage() {
  const user = useCurrentUser();
  const isClient = !isStaff(user.role);
  const title = isClient ? 'Collateral Status' : 'Collateral Checker';
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFrom(searchParams);
  const { status, ...query } = filters;
  const list = useQuery({
    ...checkerFrequenciesQuery(status, query),
    placeholderData: keepPreviousData,
  });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirmed, setConfirmed] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [panelSet, setPanelSet] = useState<DocumentSetRef | null>(null);
  const [isPanelOpen, setIsPanelOpen] = useState(false);
  // SPEC §5: inputs are disabled while the list loads.
  const isLoading = list.isFetching;

  const refresh = () => queryClient.invalidateQueries({ queryKey: frequenciesRootKey });

  const submit = useMutation({
    mutationFn: submitFrequencies,
    onSuccess: ({ frequencies }) => {
      notifications.show({
        color: 'green',
        title: 'Submitted to checker',
        message:
          frequencies.length === 1
            ? `${frequencyName(frequencies[0]!)} is awaiting approval again.`
            : `${frequencies.length} frequencies are awaiting approval again.`,
      });
      setSelected(new Set());
      setConfirmed(false);
      return refresh();
    },
    // SPEC §8: a 503 has its own words; anything else says what the server said.
    onError: (error) =>
      setFailure(isServiceUnavailable(error) ? UPDATE_FAILED_MESSAGE : error.message),
  });

  function changeFilters(change: Partial<Filters>) {
    // A new filter, sort or page size starts again at page 1.
    const next = { ...filters, page: 1, ...change };
    setSearchParams({
      status: next.status,
      sort: next.sort,
      perPage: String(next.perPage),
      page: String(next.page),
    });
  }

  function toggle(key: string, isSelected: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (isSelected) next.add(key);
      else next.delete(key);
      return next;
    });
  }

  function openDocuments(frequency: CheckerFrequency) {
    setPanelSet(frequencySetRef(frequency, frequency.collateralName));
    setIsPanelOpen(true);
  }

  const controls = (
    <Group gap="md" align="flex-end">
      <Select
        label="Status"
        data={STATUS_DATA}
        value={status}
        onChange={(value) => value && changeFilters({ status: value as CheckerStatus })}
        allowDeselect={false}
        disabled={isLoading}
        w={{ base: '100%', xs: 220 }}
      />
      <Select
        label="Sort"
        data={SORT_DATA}
        value={query.sort}
        onChange={(value) => value && changeFilters({ sort: value as CheckerSort })}
        allowDeselect={false}
        disabled={isLoading}
        w={{ base: '100%', xs: 240 }}
      />
      <Select
        label="Items per page"
        data={PAGE_SIZE_DATA}
        value={String(query.perPage)}
        onChange={(value) =>
          value && changeFilters({ perPage: Number(value) as CheckerListQuery['perPage'] })
        }
        allowDeselect={false}
        disabled={isLoading}
        w={{ base: '100%', xs: 130 }}
      />
    </Group>
  );

  let body;
  if (list.isPending) {
    body = <PageLoader label="Loading the frequencies…" />;
  } else if (list.isError) {
    body = (
      <EmptyState
        icon={<IconAlertTriangle aria-hidden />}
        title="The frequencies could not be loaded"
        description={list.error.message}
        action={<Button onClick={() => void list.refetch()}>Try again</Button>}
      />
    );
  } else if (list.data.meta.totalRecords === 0) {
    body = (
      <EmptyState
        title={`No frequencies are ${collateralCheckerLabel(status)}`}
        description="Choose another status to see other frequencies."
      />
    );
  } else if (list.data.monitoringFrequencies.length === 0) {
    body = (
      <EmptyState
        icon={<IconFileOff aria-hidden />}
        title={`There is no page ${query.page}`}
        description={`The list ends on page ${list.data.meta.totalPages}.`}
        action={<Button onClick={() => changeFilters({ page: 1 })}>Go to the first page</Button>}
      />
    );
  } else {
    const rows = list.data.monitoringFrequencies;
    // SPEC §2 / §4: a client may resubmit rejected frequencies that are fully fixed.
    const fixed = isClient
      ? rows.filter((f) => f.approvalStatus === 'REJECTED' && isReadyAtListLevel(f))
      : [];
    const chosenKeys = fixed.filter((f) => selected.has(f.key)).map((f) => f.key);
    const hasSelectColumn = fixed.length > 0;
    body = (
      <>
        <Box aria-busy={isLoading} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          {/* A phone scrolls the table inside its box, not the page (DESIGN §7). */}
          <Table.ScrollContainer minWidth={hasSelectColumn ? 680 : 600} type="native">
            <Table aria-label="Frequencies" verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  {hasSelectColumn && <Table.Th>Select</Table.Th>}
                  <Table.Th>Collateral Name</Table.Th>
                  <Table.Th>Frequency</Table.Th>
                  <Table.Th>Month</Table.Th>
                  <Table.Th>Year</Table.Th>
                  <Table.Th>Action</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((frequency) => (
                  <Table.Tr key={frequency.key}>
                    {hasSelectColumn && (
                      <Table.Td>
                        {fixed.includes(frequency) && (
                          <Checkbox
                            aria-label={`Select ${frequency.collateralName}, ${frequencyName(frequency)}`}
                            checked={selected.has(frequency.key)}
                            disabled={isLoading || submit.isPending}
                            onChange={(event) => toggle(frequency.key, event.currentTarget.checked)}
                          />
                        )}
                      </Table.Td>
                    )}
                    <Table.Td>
                      <Text inherit>{frequency.collateralName}</Text>
                      {/* Staff see every borrower's rows, so the account tells them apart. */}
                      {!isClient && (
                        <Text size="sm" c="dimmed">
                          {frequency.accountName}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{FREQUENCY_LABELS[frequency.frequency]}</Table.Td>
                    <Table.Td>{monthLabel(frequency.month)}</Table.Td>
                    <Table.Td>{frequency.year}</Table.Td>
                    <Table.Td>
                      {/* SPEC §2 / §4: the status button opens the document sidebar. */}
                      <Button
                        variant="light"
                        color={STATUS_COLOURS[frequency.approvalStatus]}
                        onClick={() => openDocuments(frequency)}
                      >
                        {collateralCheckerLabel(frequency.approvalStatus)}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Box>
        <Pager
          label="Frequency pages"
          page={query.page}
          totalPages={list.data.meta.totalPages}
          disabled={isLoading}
          onChange={(page) => changeFilters({ page })}
        />
        {fixed.length > 0 && (
          <SubmitToCheckerBar
            selectedCount={chosenKeys.length}
            confirmed={confirmed}
            onConfirmedChange={setConfirmed}
            onSubmit={() => submit.mutate(chosenKeys)}
            isSubmitting={submit.isPending}
            disabled={isLoading}
          />
        )}
      </>
    );
  }

  return (
    <Stack gap="lg">
      <PageTitle title={title} />
      <Title order={1}>{title}</Title>
      {controls}
      {body}
      {/* SPEC §8: closing the popup clears it and reloads the list. */}
      <ErrorPopup
        opened={failure !== null}
        onClose={() => {
          setFailure(null);
          void refresh();
        }}
        message={failure ?? undefined}
      />
      {/* DESIGN §1: the one document panel, shared with units. */}
      <DocumentPanel
        setRef={panelSet}
        opened={isPanelOpen}
        onClose={() => setIsPanelOpen(false)}
        onChanged={() => void refresh()}
      />
    </Stack>
  );
}
