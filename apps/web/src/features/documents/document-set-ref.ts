import {
  COLLATERAL_SLOTS,
  collateralFileTypeLabel,
  frequencyCodeLabel,
  monthLabel,
  unitFileTypeLabel,
  unitSlotFileTypes,
} from '@portal/domain';
import { currentLanguage } from '../../i18n';

/** One document slot of a set: the file type it holds and its display name (SPEC §3). */
export interface DocumentSlot {
  fileType: string;
  label: string;
}

/**
 * DESIGN §1: a unit and a monitoring frequency are one "document set". The
 * panel needs only where the set and its files live and which slots it has.
 */
export interface DocumentSetRef {
  kind: 'unit' | 'frequency';
  key: string;
  /** Shown in the panel header. */
  title: string;
  /** API path (without /api) of the parent: GET answers {unit}|{frequency}, PUT takes {approvalStatus, version}, `${basePath}/history` answers {events}. */
  basePath: string;
  /** API path (without /api) of its files. */
  filesPath: string;
  slots: readonly DocumentSlot[];
}

const segment = encodeURIComponent;

/** SPEC §2: a unit's seven slots, its NOC slot by selectedNoc; SPEC §7 paths. */
export function unitSetRef(unit: {
  key: string;
  name: string;
  projectKey: string;
  selectedNoc: 'Final' | 'Provisional';
}): DocumentSetRef {
  // Slot names in the screens' language when the list builds it.
  const language = currentLanguage();
  return {
    kind: 'unit',
    key: unit.key,
    title: unit.name,
    basePath: `/projects/${segment(unit.projectKey)}/units/${segment(unit.key)}`,
    filesPath: `/units/${segment(unit.key)}/files`,
    slots: unitSlotFileTypes(unit.selectedNoc).map((fileType) => ({
      fileType,
      label: unitFileTypeLabel(fileType, language),
    })),
  };
}

/** SPEC §2 frequency sidebar: the nine collateral slots; SPEC §7 paths. */
export function frequencySetRef(
  f: { key: string; collateralKey: string; frequency: number; month: number; year: number },
  collateralName?: string,
): DocumentSetRef {
  // Named in the screens' language when the list builds it (DESIGN §4: any code has a name).
  const language = currentLanguage();
  const period = `${frequencyCodeLabel(f.frequency, language)}, ${monthLabel(f.month, language)} ${f.year}`;
  return {
    kind: 'frequency',
    key: f.key,
    title: collateralName ? `${collateralName}: ${period}` : period,
    basePath: `/collaterals/${segment(f.collateralKey)}/frequencies/${segment(f.key)}`,
    filesPath: `/frequencies/${segment(f.key)}/files`,
    slots: COLLATERAL_SLOTS.map((fileType) => ({
      fileType,
      label: collateralFileTypeLabel(fileType, language),
    })),
  };
}
