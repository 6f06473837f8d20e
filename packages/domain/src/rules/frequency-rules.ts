import { STATUS_COLOURS, type ApprovalStatus, type StatusColour } from '../approval-status.ts';
import { COLLATERAL_SLOTS } from '../file-types.ts';
import type { MessageKey } from '../messages.ts';
import { translate, type Language } from '../translate.ts';
import {
  decide,
  isReadyToSubmit,
  type Actor,
  type Decision,
  type DocumentSetAction,
  type DocumentSetState,
  type SetFile,
} from './document-set.ts';

/** A frequency as a document set: the nine collateral slots (docs/product.md#records). */
export function frequencyDocumentSet<F extends SetFile>(
  frequency: { approvalStatus: ApprovalStatus },
  files: readonly F[],
): DocumentSetState<F> {
  return { status: frequency.approvalStatus, slots: COLLATERAL_SLOTS, files };
}

export function decideFrequency<F extends SetFile>(
  state: DocumentSetState<F>,
  action: DocumentSetAction,
  actor: Actor,
): Decision<F> {
  return decide('frequency', state, action, actor);
}

export function isFrequencyReadyToSubmit(state: DocumentSetState): boolean {
  return isReadyToSubmit('frequency', state);
}

export interface RowButton {
  label: string;
  /** The reopen (edit) icon; only a client may use it (docs/product.md#roles). */
  showEdit: boolean;
  colour: StatusColour;
}

/**
 * docs/product.md#statuses "Row button by state on the frequency screen", row by row, in the
 * reader's language. "Files present" means hasRequiredFiles; the two 'Uploaded … (n)' labels
 * differ in capitalisation on purpose.
 */
export function frequencyRowButton(
  {
    status,
    uploadedFiles,
    hasRequiredFiles,
  }: {
    status: ApprovalStatus;
    uploadedFiles: number;
    hasRequiredFiles: boolean;
  },
  language: Language = 'en',
): RowButton {
  const colour = STATUS_COLOURS[status];
  const button = (key: MessageKey, showEdit = false): RowButton => ({
    label: translate(language, key, { count: uploadedFiles }),
    showEdit,
    colour,
  });
  switch (status) {
    case 'REJECTED':
      return hasRequiredFiles
        ? button('domain.frequencyButton.reupload')
        : button('domain.frequencyButton.uploadedFilesRejected');
    case 'APPROVED':
      return button('domain.frequencyButton.approved', true);
    case 'PENDING_APPROVAL':
    case 'NOT_RAISED':
      if (!hasRequiredFiles) return button('domain.frequencyButton.uploadedFiles');
      return button(
        status === 'PENDING_APPROVAL'
          ? 'domain.frequencyButton.submitted'
          : 'domain.frequencyButton.uploaded',
      );
  }
}

/** docs/product.md#validation, #server-rules: a frequency's month may not be after the current month. */
export function isFutureMonth(
  month: number,
  year: number,
  current: { year: number; month: number },
): boolean {
  return year > current.year || (year === current.year && month > current.month);
}
