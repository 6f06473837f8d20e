import { useDeferredValue, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  Box,
  Button,
  Group,
  Paper,
  Radio,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery, useReducedMotion } from '@mantine/hooks';
import { IconFileOff } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isStaffRole, type Opportunity } from '@portal/domain';
import { useCurrentUser } from '../../auth/require-session';
import { CountBadge } from '../../components/count-badge';
import { EmptyState } from '../../components/empty-state';
import { ErrorPopup } from '../../components/error-popup';
import { Money } from '../../components/money';
import { PageTitle } from '../../components/page-title';
import { Pager } from '../../components/pager';
import { retryProgress, RetryNotice, type RetryingQuery } from '../../components/query-loader';
import { Select } from '../../components/select';
import { addMessages, useLingui } from '../../i18n';
import { loanListHeading, loanPageFrom } from './loan-list-route';
import { messages } from '../../i18n/messages/opportunities';
import {
  isServiceRequest,
  SERVICE_REQUEST_LABEL_KEYS,
  SERVICE_REQUESTS,
  serviceRequestPath,
  type ServiceRequest,
} from './service-requests';
import { ACCOUNT_CALENDAR_ID, Todo } from './todo';
import { AccountCalendar, accountCalendarQuery } from '../monitoring-calendar/account-calendar';
import { opportunitiesQuery, todoQuery } from './opportunity-queries';
import { PageLoader } from '../../components/page-loader';

const SELECTED_BACKGROUND = 'var(--mantine-color-brand-light)';
/** Mantine's `sm` breakpoint: below it the loans are cards (docs/product.md#look-and-feel). */
const PHONE_QUERY = '(max-width: 48em)';

addMessages(messages);

/**
 * docs/product.md#screens "Opportunity list (opportunities)": the borrower's loans and their service requests,
 * below what needs the borrower now (their to-do).
 */
export function OpportunitiesPage() {
  const { _ } = useLingui();
  const user = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  // The page lives in the URL (`?page=`), so reloading and Back keep it.
  const page = loanPageFrom(searchParams);
  // The previous page stays on screen while the next one loads.
  const loans = useQuery({ ...opportunitiesQuery(page), placeholderData: keepPreviousData });
  const isStaff = isStaffRole(user.role);
  // The to-do and the calendar sit above the loans and grow when they answer. The sections below
  // the heading appear together once both have answered or failed a first time (the sections
  // read the same cached answers), so nothing already on screen is pushed down while the home
  // loads. Once shown they stay: a section refetching on mount does not hide the page again.
  const borrowerHome = !isStaff;
  const todo = useQuery({ ...todoQuery(), enabled: borrowerHome });
  const calendarAccount = borrowerHome ? user.accountKey : null;
  const calendar = useQuery({
    ...accountCalendarQuery(calendarAccount ?? ''),
    enabled: calendarAccount !== null,
  });
  const [sectionsShown, setSectionsShown] = useState(!borrowerHome);
  const answered = (query: { isPending: boolean; failureCount: number }) =>
    !query.isPending || query.failureCount > 0;
  if (!sectionsShown && answered(todo) && (calendarAccount === null || answered(calendar))) {
    setSectionsShown(true);
  }

  // The loans are the screen's heaviest part (a request picker each): they are drawn in a
  // background render after the heading, the to-do and the list's frame are on screen, and
  // again in the background whenever the answer changes, so the page stays responsive.
  const list = useDeferredValue(loans.data ?? null, null);
  const isStale = loans.isPlaceholderData || list !== loans.data;

  let body;
  if (loans.isError) {
    // docs/product.md#screens, #errors: the popup below is this list's one error; closing it reloads the page.
    body = null;
  } else if (list === null) {
    body = <LoanListSkeleton query={loans} />;
  } else if (list.meta.totalRecords === 0) {
    body = (
      <EmptyState title={_('opportunities.noLoans')} description={_('opportunities.noLoansHint')} />
    );
  } else if (list.opportunities.length === 0) {
    body = (
      <EmptyState
        icon={<IconFileOff aria-hidden />}
        title={_('opportunities.noPage', { page })}
        description={_('opportunities.pagesEnd', { totalPages: list.meta.totalPages })}
        action={
          <Button onClick={() => setSearchParams({ page: '1' })}>
            {_('opportunities.firstPage')}
          </Button>
        }
      />
    );
  } else {
    body = (
      <>
        <LoanList opportunities={list.opportunities} isStale={isStale} />
        <Pager
          label={_('opportunities.pagerLabel')}
          page={page}
          totalPages={list.meta.totalPages}
          disabled={isStale}
          onChange={(next) => setSearchParams({ page: String(next) })}
        />
      </>
    );
  }

  return (
    <Stack gap="lg">
      <PageTitle title={_('opportunities.accountInformation')} />
      {/* Shown by the frame already while this page's code loaded (loan-list-route.ts). */}
      <Title order={1}>{loanListHeading(user)}</Title>
      {sectionsShown ? (
        <>
          {borrowerHome && <Todo role={user.role} />}
          {calendarAccount && (
            // The to-do's "See all" of monitoring packs scrolls here.
            <div id={ACCOUNT_CALENDAR_ID}>
              <AccountCalendar accountId={calendarAccount} />
            </div>
          )}
          <Group gap="sm">
            <Title order={2}>{_('opportunities.accountInformation')}</Title>
            {loans.data && (
              <CountBadge
                count={loans.data.meta.totalRecords}
                label={_('opportunities.loanCount')}
              />
            )}
          </Group>
          <RetryNotice query={loans} />
          {body}
        </>
      ) : (
        <PageLoader label={_('opportunities.todoLoading')} />
      )}
      {/* docs/product.md#screens, #errors: the loan list's generic popup; closing it reloads the page. */}
      <ErrorPopup opened={loans.isError} onClose={reloadPage} />
    </Stack>
  );
}

function reloadPage() {
  window.location.reload();
}

interface LoanItem {
  opportunity: Opportunity;
  isSelected: boolean;
  radio: ReactNode;
  request: ReactNode;
  get: ReactNode;
}

/**
 * docs/product.md#screens: one radio per row selects it; Get works only on the selected row
 * once a request is chosen there. Choosing a request also selects its row,
 * since that is plainly the loan the user is working on. docs/product.md#look-and-feel: a table on
 * wide screens, one card per loan on phones.
 */
function LoanList({ opportunities, isStale }: { opportunities: Opportunity[]; isStale: boolean }) {
  const { _ } = useLingui();
  const navigate = useNavigate();
  const isPhone = useIsPhone();
  const requestData = SERVICE_REQUESTS.map((value) => ({
    value,
    label: _(SERVICE_REQUEST_LABEL_KEYS[value]),
  }));
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [requests, setRequests] = useState<Partial<Record<string, ServiceRequest>>>({});

  function choose(key: string, value: string | null) {
    setRequests((current) => ({ ...current, [key]: isServiceRequest(value) ? value : undefined }));
    if (value) setSelectedKey(key);
  }

  const items: LoanItem[] = opportunities.map((opportunity) => {
    const { key, name } = opportunity;
    const isSelected = key === selectedKey;
    const request = requests[key];
    return {
      opportunity,
      isSelected,
      radio: (
        <Radio
          name="selected-loan"
          value={key}
          checked={isSelected}
          onChange={() => setSelectedKey(key)}
          aria-label={_('opportunities.selectLoan', { name })}
        />
      ),
      request: (
        <Select
          aria-label={_('opportunities.requestFor', { name })}
          placeholder={_('opportunities.chooseRequest')}
          data={requestData}
          value={request ?? null}
          onChange={(value) => choose(key, value)}
          miw={250}
        />
      ),
      get: (
        <Button
          aria-label={_('opportunities.getLabel', { name })}
          disabled={!isSelected || !request}
          onClick={() => request && navigate(serviceRequestPath(request, opportunity))}
        >
          {_('opportunities.get')}
        </Button>
      ),
    };
  });

  return (
    <Box aria-busy={isStale} style={{ opacity: isStale ? 0.6 : 1 }}>
      {isPhone ? (
        <LoanCards items={items} />
      ) : (
        <LoanTable>
          <LoanRows items={items} />
        </LoanTable>
      )}
    </Box>
  );
}

/** Read at once rather than after mount, so a phone never flashes the table first. */
function useIsPhone() {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
}

/** The table's columns (LoanTable's heads). */
const COLUMN_COUNT = 8;
/** The height of the request picker and Get, which set a loan's row height. */
const CONTROL_HEIGHT = 36;
/** About a loan's card on a phone. */
const CARD_HEIGHT = 268;
/** Rows (cards on a phone) in the loading state: few enough that its words stay in view. */
const SKELETON_ROWS = 3;
const SKELETON_CARDS = 1;

/**
 * The list's loading state (docs/product.md#look-and-feel: no blank areas): the table's frame with grey bars the
 * height of its rows, or a card's on a phone, where the loans will show; its words, and the
 * retry under way, come below, where they push nothing down.
 */
function LoanListSkeleton({ query }: { query: RetryingQuery }) {
  const { _ } = useLingui();
  const isPhone = useIsPhone();
  const animate = !useReducedMotion();
  const progress = retryProgress(query);
  const bars = Array.from({ length: isPhone ? SKELETON_CARDS : SKELETON_ROWS }, (_, i) => i);
  return (
    <Stack gap="xs">
      <div aria-hidden>
        {isPhone ? (
          <Stack gap="sm">
            {bars.map((index) => (
              <Skeleton key={index} height={CARD_HEIGHT} animate={animate} />
            ))}
          </Stack>
        ) : (
          <LoanTable>
            {bars.map((index) => (
              <Table.Tr key={index}>
                <Table.Td colSpan={COLUMN_COUNT}>
                  <Skeleton height={CONTROL_HEIGHT} animate={animate} />
                </Table.Td>
              </Table.Tr>
            ))}
          </LoanTable>
        )}
      </div>
      <Stack role="status" gap={0} align="center">
        <Text size="sm" c="dimmed">
          {_('opportunities.loadingLoans')}
        </Text>
        {progress && (
          <Text size="sm" c="dimmed">
            {progress}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}

function LoanRows({ items }: { items: LoanItem[] }) {
  return items.map(({ opportunity, isSelected, radio, request, get }) => (
    <Table.Tr key={opportunity.key} bg={isSelected ? SELECTED_BACKGROUND : undefined}>
      <Table.Td>{radio}</Table.Td>
      <Table.Td>{opportunity.accountName}</Table.Td>
      <Table.Td>{opportunity.name}</Table.Td>
      <Table.Td ta="right">
        <Money value={opportunity.sanctionAmount} />
      </Table.Td>
      <Table.Td ta="right">
        <Money value={opportunity.peakExposure} />
      </Table.Td>
      <Table.Td ta="right">
        <Money value={opportunity.currentFace} />
      </Table.Td>
      <Table.Td>{request}</Table.Td>
      <Table.Td>{get}</Table.Td>
    </Table.Tr>
  ));
}

/** The loans' table with its COLUMN_COUNT column heads; `children` are its rows. */
function LoanTable({ children }: { children: ReactNode }) {
  const { _ } = useLingui();
  return (
    // A narrow window that is not a phone scrolls the table inside its box, not the page.
    <Table.ScrollContainer minWidth={1040} type="native">
      <Table aria-label={_('opportunities.tableLabel')} highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{_('opportunities.columnSelect')}</Table.Th>
            <Table.Th>{_('opportunities.columnAccount')}</Table.Th>
            <Table.Th>{_('opportunities.columnOpportunity')}</Table.Th>
            <Table.Th ta="right">{_('opportunities.sanctionAmount')}</Table.Th>
            <Table.Th ta="right">{_('opportunities.peakExposure')}</Table.Th>
            <Table.Th ta="right">{_('opportunities.currentFace')}</Table.Th>
            <Table.Th>{_('opportunities.requestLabel')}</Table.Th>
            <Table.Th>{_('opportunities.columnAction')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function LoanCards({ items }: { items: LoanItem[] }) {
  const { _ } = useLingui();
  return (
    <Stack
      component="ul"
      aria-label={_('opportunities.tableLabel')}
      gap="sm"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {items.map(({ opportunity, isSelected, radio, request, get }) => (
        <Paper
          component="li"
          key={opportunity.key}
          withBorder
          p="md"
          bg={isSelected ? SELECTED_BACKGROUND : undefined}
        >
          <Stack gap="sm">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              {radio}
              <div>
                <Text fw={600}>{opportunity.name}</Text>
                <Text size="sm" c="dimmed">
                  {opportunity.accountName}
                </Text>
              </div>
            </Group>
            <Stack component="dl" gap={4} m={0}>
              <Amount
                label={_('opportunities.sanctionAmount')}
                value={opportunity.sanctionAmount}
              />
              <Amount label={_('opportunities.peakExposure')} value={opportunity.peakExposure} />
              <Amount label={_('opportunities.currentFace')} value={opportunity.currentFace} />
            </Stack>
            {request}
            {get}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function Amount({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0}>
        <Money value={value} />
      </Text>
    </Group>
  );
}
