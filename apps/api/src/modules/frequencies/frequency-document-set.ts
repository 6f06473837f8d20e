import { COLLATERAL_SLOTS } from '@portal/domain';
import { frequencyFiles } from '../../db/schema.ts';
import {
  asDocumentFiles,
  documentFilesRepository,
} from '../documents/document-files.repository.ts';
import type { DocumentSetDefinition } from '../documents/document-set.ts';
import { accountScope } from '../loans/loans.service.ts';
import { frequenciesRepository } from './frequencies.repository.ts';

export const frequencyFilesRepository = documentFilesRepository(asDocumentFiles(frequencyFiles));

/** A monitoring frequency seen as a document set: the 9 collateral documents (SPEC §3). */
export const frequencyDocumentSet: DocumentSetDefinition = {
  kind: 'frequency',
  files: frequencyFilesRepository,
  auditTypes: { set: 'frequency', file: 'frequency_file' },
  storagePrefix: 'frequencies',
  async loadParent(db, user, key, options) {
    const row = await frequenciesRepository.find(db, accountScope(user), key, options);
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
    };
  },
  saveStatus: (db, key, expectedVersion, changes) =>
    frequenciesRepository.saveStatus(db, key, expectedVersion, changes),
};
