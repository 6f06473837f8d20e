import { useCallback } from 'react';
import { Box, Button, LoadingOverlay, Stack } from '@mantine/core';
import { IconAlertTriangle, IconFileOff, IconSearch } from '@tabler/icons-react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CHECKER_STATUS_FILTERS,
  DEFAULT_CHECKER_STATUS,
  unitCheckerLabel,
  unitLabel,
  type ApprovalStatus,
  type CheckerStatusFilter,
} from '@portal/domain';
import { useCurrentUser } from '../../auth/require-session';
import { UNIT_LINK_PARAMS } from '../../components/checker-list/deep-links';
import { useDocumentPanelLink } from '../../components/checker-list/document-panel-link';
import { ListControls } from '../../components/checker-list/list-controls';
import { useListParams, type ListParams } from '../../components/checker-list/list-params';
import { useSubmitToChecker } from '../../components/checker-list/submit-to-checker';
import { ElsewhereLinks } from '../../components/elsewhere-links';
import { EmptyState } from '../../components/empty-state';
import { Pager } from '../../components/pager';
import { QueryLoader, RetryNotice } from '../../components/query-loader';
import { unitSetRef } from '../documents/document-set-ref';
import { addMessages, currentLanguage, useLingui } from '../../i18n';
import { messages } from '../../i18n/messages/unitList';
import { fetchUnitSetRef, unitListingQuery, unitListKey } from './unit-queries';
import { UnitRows } from './unit-rows';

/** A project's units start NOT_RAISED, so its listing offers that status, and all at once. */
const PROJECT_STATUSES: readonly CheckerStatusFilter[] = [
  'ALL',
  'NOT_RAISED',
  'PENDING_APPROVAL',
  'APPROVED',
  'REJECTED',
];

const NO_UNITS: Record<CheckerStatusFilter, string> = {
  ALL: 'unitList.noUnits',
  NOT_RAISED: 'unitList.noUnitsNotRaised',
  PENDING_APPROVAL: 'unitList.noUnitsPending',
  APPROVED: 'unitList.noUnitsApproved',
  REJECTED: 'unitList.noUnitsRejected',
};

addMessages(messages);

/**
 * docs/product.md#screens "Unit listing": the checker list (NOC Checker / Unit Status), or with `projectKey`
 * one project's units. Rows open the unit's document panel (by the address, so links open it
 * too); borrowers tick ready units and submit them to the checker.
 */
export function UnitListing({ projectKey }: { projectKey?: string }) {
  const { _ } = useLingui();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const statuses = projectKey ? PROJECT_STATUSES : CHECKER_STATUS_FILTERS;
  const { params, update } = useListParams(statuses, projectKey ? 'ALL' : DEFAULT_CHECKER_STATUS);
  const list = useQuery(unitListingQuery(projectKey, params));
  const units = list.data?.units;

  const refreshList = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: unitListKey }),
    [queryClient],
  );
  const submit = useSubmitToChecker({
    kind: 'unit',
    rows: units,
    enabled: user.role === 'client',
    nameOf: (unit) => unitLabel(unit, currentLanguage()),
    refresh: refreshList,
  });
  const panel = useDocumentPanelLink({
    kind: 'unit',
    // A project's screen names the project in its path; the status screens in the address.
    params: projectKey ? ['unit'] : UNIT_LINK_PARAMS,
    fixed: projectKey ? { project: projectKey } : undefined,
    rows: units,
    keysOf: (unit) => ({ project: unit.projectKey, unit: unit.key }),
    statusOf: (unit) => unit.approvalStatus,
    nameOf: (unit) => unitLabel(unit, currentLanguage()),
    toRef: unitSetRef,
    fetchRef: (keys, signal) => fetchUnitSetRef(keys.project ?? '', keys.unit ?? '', signal),
    onChanged: refreshList,
  });

  let body;
  if (list.isPending) {
    body = <QueryLoader query={list} label={_('unitList.loading')} />;
  } else if (list.isError) {
    body = (
      <EmptyState
        icon={<IconAlertTriangle aria-hidden />}
        title={_('unitList.loadFailed')}
        description={list.error.message}
        action={<Button onClick={() => void list.refetch()}>{_('unitList.tryAgain')}</Button>}
      />
    );
  } else if (list.data.totalRecords === 0 && params.search) {
    body = (
      <EmptyState
        icon={<IconSearch aria-hidden />}
        title={_('unitList.noMatch', { search: params.search })}
        description={_('unitList.noMatchHint')}
      />
    );
  } else if (list.data.totalRecords === 0) {
    body = (
      <EmptyState
        title={
          projectKey && params.status === 'ALL'
            ? _('unitList.emptyProject')
            : _(NO_UNITS[params.status])
        }
        description={
          projectKey && params.status === 'ALL' ? (
            _('unitList.emptyProjectHint')
          ) : (
            <OtherStatuses
              projectKey={projectKey}
              params={params}
              statuses={statuses}
              onChoose={(status) => update({ status })}
            />
          )
        }
      />
    );
  } else if (list.data.units.length === 0) {
    body = (
      <EmptyState
        icon={<IconFileOff aria-hidden />}
        title={_('unitList.noPage', { page: params.page })}
        description={_('unitList.pagesEnd', { totalPages: list.data.totalPages })}
        action={<Button onClick={() => update({})}>{_('unitList.firstPage')}</Button>}
      />
    );
  } else {
    body = (
      <>
        <Box pos="relative" aria-busy={submit.busy || list.isPlaceholderData}>
          <LoadingOverlay
            visible={submit.settling}
            loaderProps={{ 'aria-label': _('unitList.updating') }}
          />
          <UnitRows
            units={list.data.units}
            disabled={submit.busy}
            withQueueColumns={!projectKey}
            onOpen={panel.open}
            selection={submit.selection}
          />
        </Box>
        <Pager
          label={_('unitList.pagerLabel')}
          page={params.page}
          totalPages={list.data.totalPages}
          disabled={submit.busy || list.isPlaceholderData}
          onChange={(page) => update({ page })}
        />
      </>
    );
  }

  return (
    <Stack gap="md">
      <ListControls
        params={params}
        update={update}
        statuses={statuses.map((status) => ({
          value: status,
          label:
            status === 'ALL'
              ? _('unitList.statusAll')
              : unitCheckerLabel(status, false, currentLanguage()),
        }))}
        searchLabel={projectKey ? _('unitList.searchProject') : _('unitList.searchAll')}
        disabled={submit.busy}
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
 * Where the rest is, when a status has no units: each other status that has some, with its
 * count, as a link that sets the filter.
 */
function OtherStatuses({
  projectKey,
  params,
  statuses,
  onChoose,
}: {
  projectKey: string | undefined;
  params: ListParams<CheckerStatusFilter>;
  statuses: readonly CheckerStatusFilter[];
  onChoose: (status: ApprovalStatus) => void;
}) {
  const { _ } = useLingui();
  const others = statuses.flatMap((status) =>
    status !== 'ALL' && status !== params.status
      ? [{ value: status, label: unitCheckerLabel(status, false, currentLanguage()) }]
      : [],
  );
  const totals = useQueries({
    queries: others.map(({ value }) =>
      unitListingQuery(projectKey, { ...params, status: value, page: 1 }),
    ),
  });
  return (
    <ElsewhereLinks
      lead={_('unitList.elsewhere')}
      choices={others.map((other, index) => ({
        ...other,
        count: totals[index]?.data?.totalRecords,
      }))}
      onChoose={onChoose}
      none={_('unitList.emptyStatusHint')}
    />
  );
}
