import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Group,
  LoadingOverlay,
  NativeSelect,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconFileOff } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CHECKER_STATUS_FILTERS,
  CheckerSortSchema,
  DEFAULT_CHECKER_STATUS,
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  PageQuerySchema,
  PerPageQuerySchema,
  UnitBulkSubmitResponseSchema,
  unitCheckerLabel,
  type CheckerSort,
  type CheckerUnit,
} from '@portal/domain';
import { ApiError, apiSend } from '../../api/client';
import { useCurrentUser } from '../../auth/require-session';
import { EmptyState } from '../../components/empty-state';
import { PageLoader } from '../../components/page-loader';
import { Pager } from '../../components/pager';
import { SubmitToCheckerBar } from '../../components/submit-to-checker-bar';
import { DocumentPanel } from '../documents/document-panel';
import { unitSetRef } from '../documents/document-set-ref';
import {
  looksReadyToSubmit,
  unitListingQuery,
  unitListKey,
  type ListingParams,
  type StatusFilter,
} from './unit-queries';
import { UnitRows } from './unit-rows';

/** SPEC §4: after a submit to the checker the list comes back after 2000 ms. */
const SUBMIT_SETTLE_MS = 2000;

/** A project's units start NOT_RAISED, so its listing offers that status, and all at once. */
const PROJECT_STATUSES: readonly StatusFilter[] = ['ALL', 'NOT_RAISED', ...CHECKER_STATUS_FILTERS];

const SORT_LABELS: Record<CheckerSort, string> = {
  recentlyUpdatedOnTop: 'Recently updated on top',
  recentlyUpdatedOnBottom: 'Recently updated at the bottom',
};

const STATUS_WORDS: Record<StatusFilter, string> = {
  ALL: 'in this project yet',
  NOT_RAISED: 'waiting to be raised',
  PENDING_APPROVAL: 'pending for approval',
  APPROVED: 'approved',
  REJECTED: 'rejected',
};

const statusLabel = (status: StatusFilter) =>
  status === 'ALL' ? 'All statuses' : unitCheckerLabel(status);

/** The controls live in the address, so reloading and Back keep them; anything odd is the default. */
function paramsFrom(
  search: URLSearchParams,
  statuses: readonly StatusFilter[],
  defaultStatus: StatusFilter,
): ListingParams {
  const value = (name: string) => search.get(name) ?? undefined;
  return {
    status: statuses.find((status) => status === search.get('status')) ?? defaultStatus,
    sort: CheckerSortSchema.safeParse(value('sort')).data ?? 'recentlyUpdatedOnTop',
    perPage: PerPageQuerySchema.safeParse(value('perPage')).data ?? DEFAULT_PAGE_SIZE,
    page: PageQuerySchema.safeParse(value('page')).data ?? 1,
  };
}

/**
 * SPEC §2 "Unit listing": the checker list (NOC Checker / Unit Status), or with `projectKey`
 * one project's units. Rows open the unit's document panel; borrowers tick ready units and
 * submit them to the checker.
 */
export function UnitListing({ projectKey }: { projectKey?: string }) {
  const user = useCurrentUser();
  const isBorrower = user.role === 'client';
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const statuses = projectKey ? PROJECT_STATUSES : CHECKER_STATUS_FILTERS;
  const params = paramsFrom(search, statuses, projectKey ? 'ALL' : DEFAULT_CHECKER_STATUS);
  const list = useQuery(unitListingQuery(projectKey, params));

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirmed, setConfirmed] = useState(false);
  const [settling, setSettling] = useState(false);
  const [panel, setPanel] = useState<{ unit: CheckerUnit; opened: boolean } | null>(null);
  const setRef = useMemo(() => (panel ? unitSetRef(panel.unit) : null), [panel]);

  const refreshList = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: unitListKey }),
    [queryClient],
  );

  useEffect(() => {
    if (!settling) return;
    const timer = setTimeout(() => {
      refreshList();
      setSettling(false);
    }, SUBMIT_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [settling, refreshList]);

  const readyOnPage = (list.data?.units ?? []).filter(looksReadyToSubmit).map((unit) => unit.key);
  const chosen = readyOnPage.filter((key) => selected.has(key));

  const submit = useMutation({
    mutationFn: (keys: string[]) =>
      apiSend('POST', '/units/submit', { keys }, UnitBulkSubmitResponseSchema),
    onSuccess: ({ units }) => {
      notifications.show({
        color: 'green',
        title: 'Submitted to the checker',
        message: `${units.length} ${units.length === 1 ? 'unit was' : 'units were'} sent for approval.`,
      });
      setSelected(new Set());
      setConfirmed(false);
      setSettling(true);
    },
    onError: (error) => {
      // 409: a unit changed meanwhile; the server's message says which, the list shows it now.
      if (error instanceof ApiError && error.status === 409) refreshList();
    },
  });

  function update(changes: Partial<Record<'status' | 'sort' | 'perPage' | 'page', string>>) {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes)) next.set(name, value);
    // A new filter, order or page size starts again on page 1.
    if (changes.page === undefined) next.delete('page');
    setSearch(next);
    setSelected(new Set());
  }

  const busy = settling || submit.isPending;
  let body;
  if (list.isPending) {
    body = <PageLoader label="Loading the units…" />;
  } else if (list.isError) {
    body = (
      <EmptyState
        icon={<IconAlertTriangle aria-hidden />}
        title="The units could not be loaded"
        description={list.error.message}
        action={<Button onClick={() => void list.refetch()}>Try again</Button>}
      />
    );
  } else if (list.data.totalRecords === 0) {
    body = (
      <EmptyState
        title={`No units ${STATUS_WORDS[params.status]}`}
        description={
          params.status === 'ALL'
            ? 'When your lender adds units to this project, they appear here.'
            : 'Choose another status to see other units.'
        }
      />
    );
  } else if (list.data.units.length === 0) {
    body = (
      <EmptyState
        icon={<IconFileOff aria-hidden />}
        title={`There is no page ${params.page}`}
        description={`The units end on page ${list.data.totalPages}.`}
        action={<Button onClick={() => update({})}>Go to the first page</Button>}
      />
    );
  } else {
    body = (
      <>
        <Box pos="relative" aria-busy={busy || list.isPlaceholderData}>
          <LoadingOverlay visible={settling} loaderProps={{ 'aria-label': 'Updating the list' }} />
          <UnitRows
            units={list.data.units}
            disabled={busy}
            onOpen={(unit) => setPanel({ unit, opened: true })}
            selection={
              isBorrower
                ? {
                    isReady: looksReadyToSubmit,
                    isSelected: (key) => selected.has(key),
                    toggle: (key, on) =>
                      setSelected((current) => {
                        const next = new Set(current);
                        if (on) next.add(key);
                        else next.delete(key);
                        return next;
                      }),
                  }
                : null
            }
          />
        </Box>
        <Pager
          label="Unit pages"
          page={params.page}
          totalPages={list.data.totalPages}
          disabled={busy || list.isPlaceholderData}
          onChange={(page) => update({ page: String(page) })}
        />
      </>
    );
  }

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NativeSelect
          label="Status"
          value={params.status}
          disabled={busy}
          data={statuses.map((status) => ({ value: status, label: statusLabel(status) }))}
          onChange={(event) => update({ status: event.currentTarget.value })}
        />
        <NativeSelect
          label="Sort"
          value={params.sort}
          disabled={busy}
          data={CheckerSortSchema.options.map((sort) => ({
            value: sort,
            label: SORT_LABELS[sort],
          }))}
          onChange={(event) => update({ sort: event.currentTarget.value })}
        />
        <NativeSelect
          label="Items per page"
          value={String(params.perPage)}
          disabled={busy}
          data={PAGE_SIZES.map(String)}
          onChange={(event) => update({ perPage: event.currentTarget.value })}
        />
      </Group>
      {body}
      {isBorrower && (
        <>
          {submit.isError && (
            <Alert color="red" title="Not submitted">
              {submit.error.message}
            </Alert>
          )}
          {list.isSuccess && readyOnPage.length === 0 && (
            <Text size="sm" c="dimmed">
              A unit can be ticked and submitted once all 7 of its documents are uploaded.
            </Text>
          )}
          <SubmitToCheckerBar
            selectedCount={chosen.length}
            confirmed={confirmed}
            onConfirmedChange={setConfirmed}
            onSubmit={() => submit.mutate(chosen)}
            isSubmitting={submit.isPending}
            disabled={settling || !list.isSuccess}
          />
        </>
      )}
      <DocumentPanel
        setRef={setRef}
        opened={panel?.opened ?? false}
        // The unit stays set while the panel closes, so its content does not vanish mid-slide.
        onClose={() => setPanel((current) => current && { ...current, opened: false })}
        onChanged={refreshList}
      />
    </Stack>
  );
}
