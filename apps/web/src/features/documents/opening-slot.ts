import { findSlotFile, isReviewerRole, type Role, type SetFile } from '@portal/domain';

/**
 * The slot the panel opens on: the first one that needs the viewer — for a borrower the first
 * REJECTED or empty slot, for a reviewer the first file awaiting a decision — else the first
 * slot (docs/product.md#screens: SHORTFALL_INFUSION_PROOF starts expanded).
 */
export function openingSlot(
  slots: readonly string[],
  files: readonly SetFile[],
  role: Role,
): string | undefined {
  const needsViewer = (fileType: string) => {
    const file = findSlotFile(files, fileType);
    if (role === 'client') return !file || file.approvalStatus === 'REJECTED';
    return isReviewerRole(role) && file?.approvalStatus === 'PENDING_APPROVAL';
  };
  return slots.find(needsViewer) ?? slots[0];
}
