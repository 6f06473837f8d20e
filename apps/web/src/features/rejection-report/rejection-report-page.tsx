import { lazy, Suspense, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  Button,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconChartBar, IconShieldLock } from '@tabler/icons-react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  addDays,
  COLLATERAL_FILE_TYPE_NAMES,
  DEFAULT_TIME_ZONE,
  formatDate,
  RejectionReportQuerySchema,
  RejectionReportResponseSchema,
  todayIn,
  UNIT_FILE_TYPE_NAMES,
  type RejectionReport,
  type RejectionReportQuery,
} from '@portal/domain';
import { apiGet } from '../../api/client';
import { homePathFor } from '../../api/session';
import { useCurrentUser } from '../../auth/require-session';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../components/page-title';
import { QueryLoader, RetryNotice } from '../../components/query-loader';
import { durationInWords } from './duration-in-words';
import { SHORT_REASONS } from './short-reasons';

/**
 * The chart library is most of this screen's code: it loads beside the report's data, after the
 * page's frame, so the screen's first load stays small.
 */
const loadReasonChart = () => import('./reason-chart');
const ReasonChart = lazy(() => loadReasonChart().then((m) => ({ default: m.ReasonChart })));
const CHART_HEIGHT = 300;

const TITLE = 'Rejection report';

/** Without dates in the address: the last 30 days, today included. */
const DEFAULT_DAYS = 30;

const SET_KINDS = {
  unit: { name: 'Units (NOC)', types: UNIT_FILE_TYPE_NAMES as Record<string, string> },
  frequency: {
    name: 'Collateral monitoring',
    types: COLLATERAL_FILE_TYPE_NAMES as Record<string, string>,
  },
} as const;

/** `GET /api/reports/rejections?from=&to=`: approvers and admins. */
const rejectionReportQuery = ({ from, to }: RejectionReportQuery) =>
  queryOptions({
    queryKey: ['reports', 'rejections', { from, to }],
    queryFn: ({ signal }) =>
      apiGet(`/reports/rejections?from=${from}&to=${to}`, RejectionReportResponseSchema, {
        signal,
      }),
  });

/** The period in the address (so a report can be shared), else the last 30 days. */
function usePeriod() {
  const [params, setParams] = useSearchParams();
  const today = todayIn(DEFAULT_TIME_ZONE);
  const asked = RejectionReportQuerySchema.safeParse({
    from: params.get('from'),
    to: params.get('to'),
  });
  const period = asked.success ? asked.data : { from: addDays(today, 1 - DEFAULT_DAYS), to: today };
  const setPeriod = (next: RejectionReportQuery) =>
    setParams({ from: next.from, to: next.to }, { replace: true });
  return { period, setPeriod, today };
}

/**
 * /reports/rejections: why the checkers reject documents and how long sets wait for their final
 * decision, for a period of the lender's days. Approvers and admins; the page tells others no.
 */
export function RejectionReportPage() {
  const user = useCurrentUser();
  if (user.role !== 'approver' && user.role !== 'admin') {
    return (
      <>
        <PageTitle title="Checkers and admins only" />
        <EmptyState
          headingOrder={1}
          icon={<IconShieldLock aria-hidden />}
          title="Checkers and admins only"
          description="Only the lender's checkers and administrators can see the rejection report."
          action={
            <Button component={Link} to={homePathFor(user)} variant="default">
              Go to your home page
            </Button>
          }
        />
      </>
    );
  }
  return <RejectionReportScreen />;
}

function RejectionReportScreen() {
  const { period, setPeriod, today } = usePeriod();
  return (
    <Stack gap="md">
      <PageTitle title={TITLE} />
      <Title order={1}>{TITLE}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} maw={560}>
        {/* The browser's own date fields: typed or picked, by keyboard or on a phone. */}
        <TextInput
          type="date"
          label="From"
          value={period.from}
          max={period.to}
          onChange={(event) => {
            const from = event.currentTarget.value;
            if (from && from <= period.to) setPeriod({ ...period, from });
          }}
        />
        <TextInput
          type="date"
          label="To"
          value={period.to}
          min={period.from}
          max={today}
          onChange={(event) => {
            const to = event.currentTarget.value;
            if (to && to >= period.from) setPeriod({ ...period, to });
          }}
        />
      </SimpleGrid>
      <ReportFor period={period} />
    </Stack>
  );
}

function ReportFor({ period }: { period: RejectionReportQuery }) {
  const report = useQuery({ ...rejectionReportQuery(period), placeholderData: keepPreviousData });
  useEffect(() => {
    // A failed load shows where the chart renders (the route's error screen).
    loadReasonChart().catch(() => {});
  }, []);
  if (report.isPending) return <QueryLoader query={report} label="Loading the report…" />;
  if (report.isError) {
    return (
      <EmptyState
        icon={<IconAlertTriangle aria-hidden />}
        title="The report could not be loaded"
        description={report.error.message}
        action={<Button onClick={() => void report.refetch()}>Try again</Button>}
      />
    );
  }
  const data = report.data.report;
  const nothing =
    data.totalRejections === 0 && data.decisionTimes.every((kind) => kind.decisions === 0);
  const inWords = `${formatDate(data.from)} to ${formatDate(data.to)}`;
  return (
    <Stack gap="lg" aria-busy={report.isPlaceholderData}>
      <RetryNotice query={report} />
      {nothing ? (
        <EmptyState
          icon={<IconChartBar aria-hidden />}
          title="No decisions in this period"
          description={`No document was rejected and no set was decided from ${inWords}.`}
        />
      ) : (
        <>
          <Text>
            {data.totalRejections === 1
              ? '1 document was rejected'
              : `${data.totalRejections} documents were rejected`}{' '}
            from {inWords}.
          </Text>
          <DecisionTimes report={data} />
          {data.totalRejections > 0 && (
            <>
              <section>
                <Title order={2} size="h3" mb="xs">
                  Rejections by reason
                </Title>
                <Suspense fallback={<Skeleton h={CHART_HEIGHT} aria-label="Loading the chart…" />}>
                  <ReasonChart byReason={data.byReason} height={CHART_HEIGHT} />
                </Suspense>
              </section>
              <ByFileTypeTable report={data} />
            </>
          )}
        </>
      )}
    </Stack>
  );
}

function DecisionTimes({ report }: { report: RejectionReport }) {
  return (
    <section>
      <Title order={2} size="h3" mb="xs">
        Time to a final decision
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {report.decisionTimes.map(({ kind, decisions, medianSeconds }) => (
          <Paper key={kind} withBorder p="md">
            <Text fw={700}>{SET_KINDS[kind].name}</Text>
            {medianSeconds === null ? (
              <Text c="dimmed">No final decision in this period.</Text>
            ) : (
              <Text>
                Half were decided within <strong>{durationInWords(medianSeconds)}</strong> of being
                submitted (the median of {decisions} {decisions === 1 ? 'decision' : 'decisions'}).
              </Text>
            )}
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
}

function ByFileTypeTable({ report }: { report: RejectionReport }) {
  return (
    <section>
      <Title order={2} size="h3" mb="xs">
        Rejections by document
      </Title>
      <Table.ScrollContainer
        minWidth={520}
        type="native"
        tabIndex={0}
        role="region"
        aria-label="Rejections by document"
      >
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Document</Table.Th>
              <Table.Th>Of</Table.Th>
              <Table.Th ta="right">Rejections</Table.Th>
              <Table.Th>Reasons</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.byFileType.map(({ kind, fileType, count, byReason }) => (
              <Table.Tr key={`${kind}:${fileType}`}>
                <Table.Td>{SET_KINDS[kind].types[fileType] ?? fileType}</Table.Td>
                <Table.Td>{SET_KINDS[kind].name}</Table.Td>
                <Table.Td ta="right">{count}</Table.Td>
                <Table.Td>
                  {byReason.map((r) => `${SHORT_REASONS[r.reason]} ${r.count}`).join(' · ')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}
