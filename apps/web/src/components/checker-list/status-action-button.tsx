import { Button } from '@mantine/core';
import { STATUS_COLOURS, type ApprovalStatus } from '@portal/domain';

interface StatusActionButtonProps {
  status: ApprovalStatus;
  /** docs/product.md#statuses's label for the list (unit or collateral wording). */
  label: string;
  /** What the button opens, for screen readers: "documents of Flat A-101". */
  of: string;
  onClick: () => void;
  disabled?: boolean;
}

/**
 * docs/product.md#screens: a checker list's action shows the item's status and opens its document panel. It
 * never shrinks below its label, so 'PENDING FOR APPROVAL' is never cut off.
 */
export function StatusActionButton({
  status,
  label,
  of,
  onClick,
  disabled,
}: StatusActionButtonProps) {
  return (
    <Button
      size="xs"
      variant="light"
      color={STATUS_COLOURS[status]}
      aria-label={`${label}, ${of}`}
      disabled={disabled}
      onClick={onClick}
      miw="max-content"
    >
      {label}
    </Button>
  );
}
