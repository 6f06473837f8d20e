import { unitSlotFileTypes } from '@portal/domain';
import { unitFiles } from '../../db/schema.ts';
import {
  asDocumentFiles,
  documentFilesRepository,
} from '../documents/document-files.repository.ts';
import type { DocumentSetDefinition } from '../documents/document-set.ts';
import { accountScope } from '../loans/loans.service.ts';
import { unitsRepository, type UnitWithOwners } from './units.repository.ts';

export const unitFilesRepository = documentFilesRepository(asDocumentFiles(unitFiles));

/** A unit seen as a document set: 7 slots, the NOC slot by its selectedNoc (docs/product.md#screens). */
export const unitDocumentSet: DocumentSetDefinition<UnitWithOwners> = {
  kind: 'unit',
  files: unitFilesRepository,
  auditTypes: { set: 'unit', file: 'unit_file' },
  storagePrefix: 'units',
  async loadParent(db, user, ref, options) {
    const row = await unitsRepository.find(db, accountScope(user), ref.key, {
      ...options,
      projectKey: ref.within,
    });
    if (!row) return undefined;
    return {
      key: row.unit.key,
      status: row.unit.approvalStatus,
      version: row.unit.version,
      submittedAt: row.unit.submittedAt,
      accountKey: row.accountKey,
      slots: unitSlotFileTypes(row.unit.selectedNoc),
      eventData: {
        accountId: row.accountKey,
        unitKey: row.unit.key,
        projectKey: row.unit.projectKey,
        opportunityKey: row.opportunityKey,
      },
      firstApproval:
        row.unit.firstApprovedBy && row.unit.firstApprovedAt
          ? { by: row.unit.firstApprovedBy, at: row.unit.firstApprovedAt }
          : null,
      row,
    };
  },
  saveStatus: (db, key, expectedVersion, changes) =>
    unitsRepository.saveStatus(db, key, expectedVersion, changes),
  saveFirstApproval: (db, key, expectedVersion, firstApproval) =>
    unitsRepository.saveFirstApproval(db, key, expectedVersion, firstApproval),
};
