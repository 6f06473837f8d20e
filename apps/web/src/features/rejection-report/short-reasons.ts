import type { RejectionReason } from '@portal/domain';

/** Each reason in a word or two, where a chart axis or a table cell has no room for its sentence. */
export const SHORT_REASONS = {
  ILLEGIBLE: 'Unreadable',
  EXPIRED: 'Expired',
  WRONG_DOCUMENT: 'Wrong document',
  DETAILS_MISMATCH: 'Details differ',
  INCOMPLETE: 'Incomplete',
  UNSIGNED: 'Unsigned',
  OTHER: 'Other',
} as const satisfies Record<RejectionReason, string>;
