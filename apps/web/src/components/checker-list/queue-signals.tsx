import { Stack } from '@mantine/core';
import { FraudFlagBadge } from './fraud-flag-badge';
import { PackLatenessBadge } from './pack-lateness-badge';

/**
 * A queue row's Age, with what should make a checker look first beneath it: how late a
 * monitoring pack came, and how many fraud checks flagged the item's documents (staff only:
 * a borrower's rows carry no count).
 */
export function AgeWithSignals({
  age,
  fraudFlagCount,
  pack,
}: {
  age: string;
  fraudFlagCount: number | null;
  pack?: { dueDate: string; daysLate: number | null };
}) {
  return (
    <Stack gap={4} align="flex-start">
      <span>{age}</span>
      {pack && <PackLatenessBadge pack={pack} />}
      {fraudFlagCount !== null && <FraudFlagBadge count={fraudFlagCount} />}
    </Stack>
  );
}
