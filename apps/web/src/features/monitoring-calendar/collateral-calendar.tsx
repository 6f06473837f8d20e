import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FREQUENCY_LABELS } from '@portal/domain';
import { QueryLoader } from '../../components/query-loader';
import { collateralCalendarQuery } from './calendar-api';
import { CalendarPeriods } from './calendar-periods';

/**
 * The collateral's calendar on its frequencies screen: every period the lender expects, newest
 * first, each added with one click. A collateral without a calendar shows nothing.
 */
export function CollateralCalendar({
  accountId,
  collateralKey,
  canAdd,
}: {
  accountId: string;
  collateralKey: string;
  canAdd: boolean;
}) {
  const calendar = useQuery(collateralCalendarQuery(accountId, collateralKey));
  if (calendar.isPending) return <QueryLoader query={calendar} label="Loading the calendar…" />;
  if (calendar.isError) {
    return (
      <Alert color="red" title="The monitoring calendar could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{calendar.error.message}</Text>
          <Button size="xs" variant="default" onClick={() => void calendar.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  const { collateral, periods } = calendar.data;
  if (collateral.monitoringFrequency === null) return null;
  return (
    <Stack gap="xs">
      <Title order={3}>Monitoring calendar</Title>
      {periods.length === 0 ? (
        <Text size="sm" c="dimmed">
          No period is due yet: the first pack is expected after {collateral.since}.
        </Text>
      ) : (
        <CalendarPeriods
          periods={periods.map((p) => ({ ...p, collateralKey }))}
          caption={`${FREQUENCY_LABELS[collateral.monitoringFrequency]} packs, due on day ${collateral.dueDay} of the month after each period`}
          canAdd={canAdd}
        />
      )}
    </Stack>
  );
}
