import { Badge } from '@mantine/core';
import { STATUS_COLOURS, unitCheckerLabel, type ApprovalStatus } from '@portal/domain';
import { addMessages, currentLanguage, useLingui } from '../i18n';
import { messages } from '../i18n/messages/components';

addMessages(messages);

interface StatusBadgeProps {
  /** `null` when the slot has no file yet. */
  status: ApprovalStatus | null;
  /** Screens with their own wording (docs/product.md#statuses collateral list) pass it here. */
  label?: string;
}

/**
 * docs/product.md#look-and-feel: one colour per status everywhere, and colour is never the only
 * signal — the label is always written out.
 */
export function StatusBadge({ status, label }: StatusBadgeProps) {
  const { _ } = useLingui();
  const color = status ? STATUS_COLOURS[status] : STATUS_COLOURS.NO_FILE;
  const text =
    label ??
    (status
      ? unitCheckerLabel(status, false, currentLanguage())
      : _('components.statusBadge.noFile'));
  return (
    <Badge variant="light" color={color}>
      {text}
    </Badge>
  );
}
