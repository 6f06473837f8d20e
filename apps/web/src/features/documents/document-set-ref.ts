import {
  COLLATERAL_SLOTS,
  collateralFileTypeLabel,
  frequencyCodeLabel,
  monthLabel,
  unitFileTypeLabel,
  unitSlotFileTypes,
} from '@portal/domain';
import {
  apiPath,
  FILE_COMPLETE_IN_SET_PATH,
  FILE_IN_SET_PATH,
  FREQUENCY_FILES_PATH,
  FREQUENCY_HISTORY_PATH,
  FREQUENCY_PATH,
  UNIT_FILES_PATH,
  UNIT_HISTORY_PATH,
  UNIT_NOC_LETTER_PATH,
  UNIT_PATH,
  UNIT_SEND_BACK_PATH,
} from '@portal/domain/api-paths';
import { currentLanguage } from '../../i18n';

/** One document slot of a set: the file type it holds and its display name (docs/product.md#records). */
export interface DocumentSlot {
  fileType: string;
  label: string;
}

/**
 * docs/product.md#what-it-does: a unit and a monitoring frequency are one "document set". The
 * panel needs only where the set and its files live and which slots it has.
 */
export interface DocumentSetRef {
  kind: 'unit' | 'frequency';
  key: string;
  /** Shown in the panel header. */
  title: string;
  /** A monitoring pack's due date and lateness, which the header tells when it came late. */
  pack?: { dueDate: string; daysLate: number | null };
  /** The set's API path: GET answers {unit}|{frequency}, PUT takes {approvalStatus, version}. */
  basePath: string;
  /** Its history: {events}. */
  historyPath: string;
  /** Its files. */
  filesPath: string;
  /** A unit's NOC letter, and the send-back of its first approval (four-eyes NOC release). */
  nocLetterPath?: string;
  sendBackPath?: string;
  slots: readonly DocumentSlot[];
}

/**
 * The cache key of the set a list screen's address names ({project, unit} or {collateral,
 * frequency}): the panel reads it, a link's first load may have read it already.
 */
export const documentSetRefKey = (kind: DocumentSetRef['kind'], keys: Record<string, string>) =>
  ['document-set-ref', kind, keys] as const;

/** One file of a set, or its upload's completion, under the set's files path. */
export const filePath = (filesPath: string, fileId: string, { complete = false } = {}) =>
  filesPath + apiPath(complete ? FILE_COMPLETE_IN_SET_PATH : FILE_IN_SET_PATH, { fileId });

/** A unit's NOC letter. */
export const unitNocLetterPath = (unit: { key: string; projectKey: string }) =>
  apiPath(UNIT_NOC_LETTER_PATH, { projectKey: unit.projectKey, unitKey: unit.key });

/** docs/product.md#api: where a unit's set lives, known from its keys alone (a link's address). */
export function unitSetPaths(unit: { key: string; projectKey: string }) {
  const unitKeys = { projectKey: unit.projectKey, unitKey: unit.key };
  return {
    kind: 'unit',
    key: unit.key,
    basePath: apiPath(UNIT_PATH, unitKeys),
    historyPath: apiPath(UNIT_HISTORY_PATH, unitKeys),
    filesPath: apiPath(UNIT_FILES_PATH, { parentKey: unit.key }),
    nocLetterPath: unitNocLetterPath(unit),
    sendBackPath: apiPath(UNIT_SEND_BACK_PATH, unitKeys),
  } satisfies Partial<DocumentSetRef>;
}

/** docs/product.md#screens: a unit's seven slots, its NOC slot by selectedNoc; docs/product.md#api paths. */
export function unitSetRef(unit: {
  key: string;
  name: string;
  projectKey: string;
  selectedNoc: 'Final' | 'Provisional';
}): DocumentSetRef {
  // Slot names in the screens' language when the list builds it.
  const language = currentLanguage();
  return {
    ...unitSetPaths(unit),
    title: unit.name,
    slots: unitSlotFileTypes(unit.selectedNoc).map((fileType) => ({
      fileType,
      label: unitFileTypeLabel(fileType, language),
    })),
  };
}

/** docs/product.md#api: where a frequency's set lives, known from its keys alone (a link's address). */
export function frequencySetPaths(f: { key: string; collateralKey: string }) {
  const frequencyKeys = { collateralKey: f.collateralKey, frequencyKey: f.key };
  return {
    kind: 'frequency',
    key: f.key,
    basePath: apiPath(FREQUENCY_PATH, frequencyKeys),
    historyPath: apiPath(FREQUENCY_HISTORY_PATH, frequencyKeys),
    filesPath: apiPath(FREQUENCY_FILES_PATH, { parentKey: f.key }),
  } satisfies Partial<DocumentSetRef>;
}

/** docs/product.md#screens frequency sidebar: the nine collateral slots; docs/product.md#api paths. */
export function frequencySetRef(
  f: {
    key: string;
    collateralKey: string;
    frequency: number;
    month: number;
    year: number;
    dueDate?: string;
    daysLate?: number | null;
  },
  collateralName?: string,
): DocumentSetRef {
  // Named in the screens' language when the list builds it (docs/product.md#api: any code has a name).
  const language = currentLanguage();
  const period = `${frequencyCodeLabel(f.frequency, language)}, ${monthLabel(f.month, language)} ${f.year}`;
  return {
    ...frequencySetPaths(f),
    title: collateralName ? `${collateralName}: ${period}` : period,
    ...(f.dueDate !== undefined && { pack: { dueDate: f.dueDate, daysLate: f.daysLate ?? null } }),
    slots: COLLATERAL_SLOTS.map((fileType) => ({
      fileType,
      label: collateralFileTypeLabel(fileType, language),
    })),
  };
}
