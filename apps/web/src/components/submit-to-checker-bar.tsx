import { Button, Checkbox, Group, Paper, Text } from '@mantine/core';

interface SubmitToCheckerBarProps {
  /** How many rows the user has ticked. */
  selectedCount: number;
  confirmed: boolean;
  onConfirmedChange: (confirmed: boolean) => void;
  onSubmit: () => void;
  isSubmitting: boolean;
  /** While the list underneath is loading, nothing in it can be submitted. */
  disabled?: boolean;
}

/**
 * SPEC §2 / §5: the bottom bar of the client's lists — the confirm checkbox
 * 'Please confirm the selection.' and 'Submit to checker', enabled only once
 * ticked and with at least one row chosen. It stays in view at the bottom while
 * the list scrolls.
 */
export function SubmitToCheckerBar({
  selectedCount,
  confirmed,
  onConfirmedChange,
  onSubmit,
  isSubmitting,
  disabled = false,
}: SubmitToCheckerBarProps) {
  return (
    <Paper
      withBorder
      shadow="sm"
      p="sm"
      pos="sticky"
      bottom={0}
      style={{ zIndex: 2 }}
      role="region"
      aria-label="Submit to checker"
    >
      <Group justify="space-between" gap="sm">
        <Group gap="md">
          <Checkbox
            label="Please confirm the selection."
            checked={confirmed}
            disabled={disabled || isSubmitting}
            onChange={(event) => onConfirmedChange(event.currentTarget.checked)}
          />
          <Text size="sm" c="dimmed" aria-live="polite">
            {selectedCount === 1 ? '1 selected' : `${selectedCount} selected`}
          </Text>
        </Group>
        <Button
          onClick={onSubmit}
          loading={isSubmitting}
          disabled={disabled || !confirmed || selectedCount === 0}
        >
          Submit to checker
        </Button>
      </Group>
    </Paper>
  );
}
