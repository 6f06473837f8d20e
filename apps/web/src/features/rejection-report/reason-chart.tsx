import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { rejectionReasonLabel, type RejectionReport } from '@portal/domain';
import { currentLanguage, useLingui } from '../../i18n';
import { shortReason } from './short-reasons';

/** Rejections by reason as bars, one per reason of the list; the figures in words for screen readers. */
export function ReasonChart({
  byReason,
  height,
}: {
  byReason: RejectionReport['byReason'];
  height: number;
}) {
  const { _ } = useLingui();
  const data = byReason.map(({ reason, count }) => ({ reason: shortReason(reason), count }));
  const summary = byReason
    .map(({ reason, count }) => `${rejectionReasonLabel(reason, currentLanguage())}: ${count}`)
    .join('; ');
  return (
    <div role="img" aria-label={_('rejectionReport.chartSummary', { summary })}>
      <BarChart
        h={height}
        data={data}
        dataKey="reason"
        orientation="vertical"
        yAxisProps={{ width: 110 }}
        xAxisProps={{ allowDecimals: false }}
        series={[{ name: 'count', label: _('rejectionReport.rejections'), color: 'red.7' }]}
        withBarValueLabel
      />
    </div>
  );
}
