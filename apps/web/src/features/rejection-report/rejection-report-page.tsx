import { lazy, Suspense, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Trans } from '@lingui/react';
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
  collateralFileTypeLabel,
  CollateralFileTypeSchema,
  DEFAULT_TIME_ZONE,
  formatDate,
  RejectionReportQuerySchema,
  RejectionReportResponseSchema,
  todayIn,
  unitFileTypeLabel,
  UnitFileTypeSchema,
  type Language,
  type RejectionReport,
  type RejectionReportQuery,
} from '@portal/domain';
import { REJECTION_REPORT_PATH } from '@portal/domain/api-paths';
import { apiGet } from '../../api/client';
import { homePathFor } from '../../api/session';
import { useCurrentUser } from '../../auth/require-session';
import { ElsewhereLinks } from '../../components/elsewhere-links';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../components/page-title';
import { QueryLoader, RetryNotice } from '../../components/query-loader';
import { addMessages, currentLanguage, useLingui } from '../../i18n';
import { durationInWords } from './duration-in-words';
import { messages } from '../../i18n/messages/rejectionReport';
import { shortReason } from './short-reasons';
import scrollCue from '../../components/scroll-cue.module.css';

addMessages(messages);

/**
 * The chart library is most of this screen's code: it loads beside the report's data, after the
 * page's frame, so the screen's first load stays small.
 */
const loadReasonChart = () => import('./reason-chart');
const ReasonChart = lazy(() => loadReasonChart().then((m) => ({ default: m.ReasonChart })));
const CHART_HEIGHT = 300;

/** Without dates in the address: the last 30 days, today included. */
const DEFAULT_DAYS = 30;
/** The wider period an empty report offers instead: the last twelve months. */
const YEAR_DAYS = 365;

/** How each kind of set is called, and its file types' names (a type unknown here shows as sent). */
const SET_KINDS = {
  unit: {
    nameId: 'rejectionReport.units',
    typeName: (fileType: string, language: Language) => {
      const known = UnitFileTypeSchema.safeParse(fileType);
      return known.success ? unitFileTypeLabel(known.data, language) : fileType;
    },
  },
  frequency: {
    nameId: 'rejectionReport.collateral',
    typeName: (fileType: string, language: Language) => {
      const known = CollateralFileTypeSchema.safeParse(fileType);
      return known.success ? collateralFileTypeLabel(known.data, language) : fileType;
    },
  },
} as const;

/** `GET /api/reports/rejections?from=&to=`: approvers and admins. */
const rejectionReportQuery = ({ from, to }: RejectionReportQuery) =>
  queryOptions({
    queryKey: ['reports', 'rejections', { from, to }],
    queryFn: ({ signal }) =>
      apiGet(`${REJECTION_REPORT_PATH}?from=${from}&to=${to}`, RejectionReportResponseSchema, {
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
  const { _ } = useLingui();
  const user = useCurrentUser();
  if (user.role !== 'approver' && user.role !== 'admin') {
    return (
      <>
        <PageTitle title={_('rejectionReport.checkersOnly')} />
        <EmptyState
          headingOrder={1}
          icon={<IconShieldLock aria-hidden />}
          title={_('rejectionReport.checkersOnly')}
          description={_('rejectionReport.checkersOnlyDetail')}
          action={
            <Button component={Link} to={homePathFor(user)} variant="default">
              {_('rejectionReport.goHome')}
            </Button>
          }
        />
      </>
    );
  }
  return <RejectionReportScreen />;
}

function RejectionReportScreen() {
  const { _ } = useLingui();
  const { period, setPeriod, today } = usePeriod();
  return (
    <Stack gap="md">
      <PageTitle title={_('rejectionReport.title')} />
      <Title order={1}>{_('rejectionReport.title')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} maw={560}>
        {/* The browser's own date fields: typed or picked, by keyboard or on a phone. */}
        <TextInput
          type="date"
          label={_('rejectionReport.from')}
          value={period.from}
          max={period.to}
          onChange={(event) => {
            const from = event.currentTarget.value;
            if (from && from <= period.to) setPeriod({ ...period, from });
          }}
        />
        <TextInput
          type="date"
          label={_('rejectionReport.to')}
          value={period.to}
          min={period.from}
          max={today}
          onChange={(event) => {
            const to = event.currentTarget.value;
            if (to && to >= period.from) setPeriod({ ...period, to });
          }}
        />
      </SimpleGrid>
      <ReportFor period={period} today={today} onPeriod={setPeriod} />
    </Stack>
  );
}

function ReportFor({
  period,
  today,
  onPeriod,
}: {
  period: RejectionReportQuery;
  today: string;
  onPeriod: (period: RejectionReportQuery) => void;
}) {
  const { _ } = useLingui();
  const report = useQuery({ ...rejectionReportQuery(period), placeholderData: keepPreviousData });
  // Where the rest is when the period holds nothing: the last twelve months' report, when wider.
  const lastYear = { from: addDays(today, 1 - YEAR_DAYS), to: today };
  const isEmpty =
    report.data !== undefined &&
    !report.isPlaceholderData &&
    report.data.report.totalRejections === 0 &&
    report.data.report.decisionTimes.every((kind) => kind.decisions === 0);
  const wider = useQuery({
    ...rejectionReportQuery(lastYear),
    enabled: isEmpty && (period.from > lastYear.from || period.to < lastYear.to),
  });
  useEffect(() => {
    // A failed load shows where the chart renders (the route's error screen).
    loadReasonChart().catch(() => {});
  }, []);
  if (report.isPending) return <QueryLoader query={report} label={_('rejectionReport.loading')} />;
  if (report.isError) {
    return (
      <EmptyState
        icon={<IconAlertTriangle aria-hidden />}
        title={_('rejectionReport.loadFailed')}
        description={report.error.message}
        action={
          <Button onClick={() => void report.refetch()}>{_('rejectionReport.tryAgain')}</Button>
        }
      />
    );
  }
  const data = report.data.report;
  const nothing =
    data.totalRejections === 0 && data.decisionTimes.every((kind) => kind.decisions === 0);
  const language = currentLanguage();
  const inWords = _('rejectionReport.period', {
    from: formatDate(data.from, DEFAULT_TIME_ZONE, language),
    to: formatDate(data.to, DEFAULT_TIME_ZONE, language),
  });
  return (
    <Stack gap="lg" aria-busy={report.isPlaceholderData}>
      <RetryNotice query={report} />
      {nothing ? (
        <EmptyState
          icon={<IconChartBar aria-hidden />}
          title={_('rejectionReport.nothing')}
          description={
            <>
              {_('rejectionReport.nothingDetail', { period: inWords })}{' '}
              <ElsewhereLinks
                lead={_('rejectionReport.elsewhere')}
                choices={[
                  {
                    value: 'lastYear',
                    label: _('rejectionReport.lastYear'),
                    count: wider.data?.report.totalRejections,
                  },
                ]}
                onChoose={() => onPeriod(lastYear)}
                none={null}
              />
            </>
          }
        />
      ) : (
        <>
          <Text>
            {_('rejectionReport.total', { count: data.totalRejections, period: inWords })}
          </Text>
          <DecisionTimes report={data} />
          {data.totalRejections > 0 && (
            <>
              <section>
                <Title order={2} size="h3" mb="xs">
                  {_('rejectionReport.byReason')}
                </Title>
                <Suspense
                  fallback={
                    <Skeleton h={CHART_HEIGHT} aria-label={_('rejectionReport.loadingChart')} />
                  }
                >
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
  const { _ } = useLingui();
  return (
    <section>
      <Title order={2} size="h3" mb="xs">
        {_('rejectionReport.decisionTimes')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {report.decisionTimes.map(({ kind, decisions, medianSeconds }) => (
          <Paper key={kind} withBorder p="md">
            <Text fw={700}>{_(SET_KINDS[kind].nameId)}</Text>
            {medianSeconds === null ? (
              <Text c="dimmed">{_('rejectionReport.noDecision')}</Text>
            ) : (
              <Text>
                <Trans
                  id="rejectionReport.median"
                  values={{ duration: durationInWords(medianSeconds), decisions }}
                  components={{ 0: <strong /> }}
                />
              </Text>
            )}
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
}

function ByFileTypeTable({ report }: { report: RejectionReport }) {
  const { _ } = useLingui();
  const language = currentLanguage();
  return (
    <section>
      <Title order={2} size="h3" mb="xs">
        {_('rejectionReport.byDocument')}
      </Title>
      <Table.ScrollContainer
        minWidth={520}
        type="native"
        className={scrollCue.cue}
        tabIndex={0}
        role="region"
        aria-label={_('rejectionReport.byDocument')}
      >
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{_('rejectionReport.document')}</Table.Th>
              <Table.Th>{_('rejectionReport.of')}</Table.Th>
              <Table.Th ta="right">{_('rejectionReport.rejections')}</Table.Th>
              <Table.Th>{_('rejectionReport.reasons')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.byFileType.map(({ kind, fileType, count, byReason }) => (
              <Table.Tr key={`${kind}:${fileType}`}>
                <Table.Td>{SET_KINDS[kind].typeName(fileType, language)}</Table.Td>
                <Table.Td>{_(SET_KINDS[kind].nameId)}</Table.Td>
                <Table.Td ta="right">{count}</Table.Td>
                <Table.Td>
                  {byReason.map((r) => `${shortReason(r.reason)} ${r.count}`).join(' · ')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}
