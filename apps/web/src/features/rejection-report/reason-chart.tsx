import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { REJECTION_REASON_LABELS, type RejectionReport } from '@portal/domain';
import { SHORT_REASONS } from './short-reasons';

/** Rejections by reason as bars, one per reason of the list; the figures in words for screen readers. */
export function ReasonChart({
  byReason,
  height,
}: {
  byReason: RejectionReport['byReason'];
  height: number;
}) {
  const data = byReason.map(({ reason, count }) => ({
    reason: SHORT_REASONS[reason],
    Rejections: count,
  }));
  const summary = byReason
    .map(({ reason, count }) => `${REJECTION_REASON_LABELS[reason]}: ${count}`)
    .join('; ');
  return (
    <div role="img" aria-label={`Rejections by reason. ${summary}.`}>
      <BarChart
        h={height}
        data={data}
        dataKey="reason"
        orientation="vertical"
        yAxisProps={{ width: 110 }}
        xAxisProps={{ allowDecimals: false }}
        series={[{ name: 'Rejections', color: 'red.7' }]}
        withBarValueLabel
      />
    </div>
  );
}
