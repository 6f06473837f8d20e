import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { frequencyCodeLabel } from '@portal/domain';
import { QueryLoader } from '../../components/query-loader';
import { addMessages, currentLanguage, useLingui } from '../../i18n';
import { collateralCalendarQuery } from './calendar-api';
import { CalendarPeriods } from './calendar-periods';
import { messages } from '../../i18n/messages/monitoringCalendar';

addMessages(messages);

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
  const { _ } = useLingui();
  const calendar = useQuery(collateralCalendarQuery(accountId, collateralKey));
  if (calendar.isPending)
    return <QueryLoader query={calendar} label={_('monitoringCalendar.collateralLoading')} />;
  if (calendar.isError) {
    return (
      <Alert color="red" title={_('monitoringCalendar.loadFailed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{calendar.error.message}</Text>
          <Button size="xs" variant="default" onClick={() => void calendar.refetch()}>
            {_('monitoringCalendar.tryAgain')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const { collateral, periods } = calendar.data;
  if (collateral.monitoringFrequency === null) return null;
  return (
    <Stack gap="xs">
      <Title order={3}>{_('monitoringCalendar.title')}</Title>
      {periods.length === 0 ? (
        <Text size="sm" c="dimmed">
          {_('monitoringCalendar.firstPackAfter', { since: collateral.since })}
        </Text>
      ) : (
        <CalendarPeriods
          periods={periods.map((p) => ({ ...p, collateralKey, accountId }))}
          caption={_('monitoringCalendar.collateralCaption', {
            frequency: frequencyCodeLabel(collateral.monitoringFrequency, currentLanguage()),
            dueDay: collateral.dueDay,
          })}
          canAdd={canAdd}
        />
      )}
    </Stack>
  );
}
