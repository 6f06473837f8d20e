import {
  CHECKER_STATUS_FILTERS,
  frequencyCodeLabel,
  frequencyPanelPath,
  isStaffRole,
  monthLabel,
  unitPanelPath,
  type ApprovalStatus,
  type FrequencyCode,
  type ListScreenStatus,
  type Role,
} from '@portal/domain';
import { currentLanguage } from '../../i18n';

/**
 * The addresses that open a unit's or a frequency's document panel (the e-mails, the home
 * to-do and the files screen link to them; the domain builds them): the status screen of the
 * viewer's role, filtered so the row is in the list behind the panel, with the item's keys.
 */

/** The query parameters naming the open item on the status screens, parent first. */
export const UNIT_LINK_PARAMS = ['project', 'unit'] as const;
export const FREQUENCY_LINK_PARAMS = ['collateral', 'frequency'] as const;

/** The filter that lists an item of this status; NOT_RAISED has no choice of its own. */
function listStatusOf(status: ApprovalStatus): ListScreenStatus {
  return CHECKER_STATUS_FILTERS.find((filter) => filter === status) ?? 'ALL';
}

export function unitStatusPath(role: Role): string {
  return isStaffRole(role) ? '/checker' : '/unitstatus';
}

export function collateralStatusPath(role: Role): string {
  return isStaffRole(role) ? '/collateralchecker' : '/collateralstatus';
}

/** `slot`: the file type the panel opens at (a rejected document, say); else it chooses. */
export function unitLink(
  role: Role,
  unit: { projectKey: string; key: string; approvalStatus: ApprovalStatus },
  slot?: string,
): string {
  return unitPanelPath({
    staff: isStaffRole(role),
    status: listStatusOf(unit.approvalStatus),
    projectKey: unit.projectKey,
    unitKey: unit.key,
    slot,
  });
}

export function frequencyLink(
  role: Role,
  frequency: { collateralKey: string; key: string; approvalStatus: ApprovalStatus },
  slot?: string,
): string {
  return frequencyPanelPath({
    staff: isStaffRole(role),
    status: listStatusOf(frequency.approvalStatus),
    collateralKey: frequency.collateralKey,
    frequencyKey: frequency.key,
    slot,
  });
}

/**
 * The collateral frequency screen (docs/product.md#screens) with the collateral chosen and the
 * frequency's document panel open, as its list's row button opens it: closing the panel leaves
 * the borrower on that list.
 */
export function collateralFrequencyLink(frequency: {
  accountId: string;
  collateralKey: string;
  key: string;
}): string {
  const query = new URLSearchParams({
    collateral: frequency.collateralKey,
    frequency: frequency.key,
  });
  return `/accounts/${encodeURIComponent(frequency.accountId)}/collaterals?${query}`;
}

/** 'Monthly, January 2026': a frequency's period, as rows and messages name it. */
export function periodLabel(frequency: { frequency: FrequencyCode; month: number; year: number }) {
  const language = currentLanguage();
  return `${frequencyCodeLabel(frequency.frequency, language)}, ${monthLabel(frequency.month, language)} ${frequency.year}`;
}
