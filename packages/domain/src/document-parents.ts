import type { CheckerStatusFilter } from './lists.ts';
import { frequencyCodeLabel, monthLabel } from './frequency.ts';
import { translate, type Language } from './translate.ts';

// What a unit or a frequency is called where people read it (e-mails, the files screen), and the
// address that opens its document panel: never internal keys alone (issue 11).

/**
 * "Tower A" from "A"; a value that already starts with the word ("Tower 3") is kept as it is, as
 * is one starting with the English word when the label is in another language.
 */
function withWord(wordId: string, value: string, language: Language): string {
  const trimmed = value.trim();
  const word = translate(language, wordId);
  const written = [word, translate('en', wordId)].some((known) =>
    trimmed.toLowerCase().startsWith(`${known.toLowerCase()} `),
  );
  return written ? trimmed : `${word} ${trimmed}`;
}

/** A unit in words: "Green Acres · Tower A · Unit A-101". */
export function unitLabel(
  unit: { projectName: string; tower: string; unit: string },
  language: Language = 'en',
): string {
  return [
    unit.projectName.trim(),
    withWord('domain.unitWord.tower', unit.tower, language),
    withWord('domain.unitWord.unit', unit.unit, language),
  ].join(' · ');
}

/** A monitoring frequency in words: "Receivables of Tower A · Monthly, March 2026". */
export function frequencyLabel(
  frequency: { collateralName: string; frequency: number; month: number; year: number },
  language: Language = 'en',
): string {
  const every = frequencyCodeLabel(frequency.frequency, language);
  return `${frequency.collateralName.trim()} · ${every}, ${monthLabel(frequency.month, language)} ${frequency.year}`;
}

/** The status filters a list screen's URL carries (`NOT_RAISED` rows show under ALL). */
export type ListScreenStatus = Exclude<CheckerStatusFilter, 'NOT_RAISED'>;

/** The query parameter naming the slot (file type) a panel opens at and scrolls to. */
export const SLOT_LINK_PARAM = 'slot';

const slotPart = (slot: string | undefined) =>
  slot ? `&${SLOT_LINK_PARAM}=${encodeURIComponent(slot)}` : '';

/**
 * The deep link that opens a unit's panel: Unit Status for its borrower, the NOC Checker for
 * staff, filtered to `status`, open at `slot` when given. Keys are URI-encoded.
 */
export function unitPanelPath(link: {
  staff: boolean;
  status: ListScreenStatus;
  projectKey: string;
  unitKey: string;
  slot?: string | undefined;
}): string {
  const screen = link.staff ? '/checker' : '/unitstatus';
  return `${screen}?status=${link.status}&project=${encodeURIComponent(link.projectKey)}&unit=${encodeURIComponent(link.unitKey)}${slotPart(link.slot)}`;
}

/** The deep link that opens a frequency's panel: Collateral Status, or the Collateral Checker. */
export function frequencyPanelPath(link: {
  staff: boolean;
  status: ListScreenStatus;
  collateralKey: string;
  frequencyKey: string;
  slot?: string | undefined;
}): string {
  const screen = link.staff ? '/collateralchecker' : '/collateralstatus';
  return `${screen}?status=${link.status}&collateral=${encodeURIComponent(link.collateralKey)}&frequency=${encodeURIComponent(link.frequencyKey)}${slotPart(link.slot)}`;
}
