import { COLLATERAL_SLOTS } from '@portal/domain';
import { frequencyFiles } from '../../db/schema.ts';
import {
  asDocumentFiles,
  documentFilesRepository,
} from '../documents/document-files.repository.ts';
import type { DocumentSetDefinition } from '../documents/document-set.ts';
import { accountScope } from '../loans/loans.service.ts';
import { frequenciesRepository, type FrequencyWithOwners } from './frequencies.repository.ts';

export const frequencyFilesRepository = documentFilesRepository(asDocumentFiles(frequencyFiles));

/** A monitoring frequency seen as a document set: the 9 collateral documents (docs/product.md#records). */
export const frequencyDocumentSet: DocumentSetDefinition<FrequencyWithOwners> = {
  kind: 'frequency',
  files: frequencyFilesRepository,
  auditTypes: { set: 'frequency', file: 'frequency_file' },
  storagePrefix: 'frequencies',
  async loadParent(db, user, ref, options) {
    const row = await frequenciesRepository.find(db, accountScope(user), ref.key, {
      ...options,
      collateralKey: ref.within,
    });
    if (!row) return undefined;
    return {
      key: row.frequency.key,
      status: row.frequency.approvalStatus,
      version: row.frequency.version,
      submittedAt: row.frequency.submittedAt,
      accountKey: row.accountKey,
      slots: COLLATERAL_SLOTS,
      eventData: {
        accountId: row.accountKey,
        frequencyKey: row.frequency.key,
        collateralKey: row.frequency.collateralKey,
      },
      row,
    };
  },
  async saveStatus(db, key, expectedVersion, changes) {
    const frequency = await frequenciesRepository.saveStatus(db, key, expectedVersion, changes);
    return frequency && { frequency };
  },
};
