import { z } from 'zod';
import { translate, type Language } from './translate.ts';

/** docs/product.md#statuses: one status vocabulary for units, frequencies and their files. */
export const ApprovalStatusSchema = z.enum([
  'NOT_RAISED',
  'PENDING_APPROVAL',
  'APPROVED',
  'REJECTED',
]);
export type ApprovalStatus = z.infer<typeof ApprovalStatusSchema>;

/** The two outcomes an approver can give a file or a whole document set. */
export const ReviewOutcomeSchema = z.enum(['APPROVED', 'REJECTED']);
export type ReviewOutcome = z.infer<typeof ReviewOutcomeSchema>;

/**
 * docs/product.md#screens, #look-and-feel: the same status colours everywhere (slot headers, badges,
 * row buttons, checker labels), as Mantine colour names. Mantine has no amber;
 * 'yellow' is its amber.
 */
export const STATUS_COLOURS = {
  NOT_RAISED: 'yellow',
  PENDING_APPROVAL: 'violet',
  APPROVED: 'green',
  REJECTED: 'red',
  NO_FILE: 'blue',
} as const satisfies Record<ApprovalStatus | 'NO_FILE', string>;
export type StatusColour = (typeof STATUS_COLOURS)[keyof typeof STATUS_COLOURS];

/** docs/product.md#screens: a slot header is coloured by its file's status, blue when it has no file. */
export function slotColour(file: { approvalStatus: ApprovalStatus } | undefined): StatusColour {
  return file ? STATUS_COLOURS[file.approvalStatus] : STATUS_COLOURS.NO_FILE;
}

/**
 * docs/product.md#statuses "Labels on the checker lists": the unit list's action button text. A unit with a first
 * approval under four-eyes NOC release (NOC_TWO_APPROVERS) awaits its second one.
 */
export function unitCheckerLabel(
  status: ApprovalStatus,
  awaitingSecondApproval = false,
  language: Language = 'en',
): string {
  if (status === 'PENDING_APPROVAL' && awaitingSecondApproval)
    return translate(language, 'domain.unitStatus.AWAITING_SECOND_APPROVAL');
  return translate(language, `domain.unitStatus.${status}`);
}

/** docs/product.md#statuses: the collateral list shows the status itself, except for pending. */
export function collateralCheckerLabel(status: ApprovalStatus, language: Language = 'en'): string {
  return translate(language, `domain.collateralStatus.${status}`);
}
