import { unitSlotFileTypes, type SelectedNoc } from '../file-types.ts';
import type { ApprovalStatus } from '../approval-status.ts';
import type { NocType } from '../schemas/entities.ts';
import {
  decide,
  isReadyToSubmit,
  type Actor,
  type Decision,
  type DocumentSetAction,
  type DocumentSetState,
  type SetFile,
} from './document-set.ts';

/**
 * docs/product.md#screens: the NOC type shown is Provisional when a provisional NOC request
 * file is present, Final when only the final one is, and nothing otherwise.
 */
export function nocType(files: ReadonlyArray<{ fileType: string }>): NocType | null {
  if (files.some((file) => file.fileType === 'NOC_REQUEST_PROVISIONAL')) return 'Provisional';
  if (files.some((file) => file.fileType === 'NOC_REQUEST_FINAL')) return 'Final';
  return null;
}

/** A unit as a document set: its seven slots, the NOC one resolved by selectedNoc (docs/product.md#screens). */
export function unitDocumentSet<F extends SetFile>(
  unit: { approvalStatus: ApprovalStatus; selectedNoc: SelectedNoc },
  files: readonly F[],
): DocumentSetState<F> {
  return { status: unit.approvalStatus, slots: unitSlotFileTypes(unit.selectedNoc), files };
}

export function decideUnit<F extends SetFile>(
  state: DocumentSetState<F>,
  action: DocumentSetAction,
  actor: Actor,
): Decision<F> {
  return decide('unit', state, action, actor);
}

export function isUnitReadyToSubmit(state: DocumentSetState): boolean {
  return isReadyToSubmit('unit', state);
}
