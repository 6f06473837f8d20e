import { PassThrough, type Writable } from 'node:stream';
import { DomainError } from '@portal/domain';
import { ScannerUnavailableError, type Scanner, type ScanVerdict } from '../../scanner/scanner.ts';
import { recordChange } from '../events/change-recorder.ts';
import type { AuthenticatedUser } from '../identity/sessions.ts';
import { toDocumentFile, type DocumentFileRecord } from './document-files.repository.ts';
import type { DocumentDeps, DocumentSetDefinition } from './document-set.ts';
import { parentOrNotFound } from './read-documents.ts';

/** scan_result of a file the scanner passed. */
export const SCAN_CLEAN = 'clean';
/** scan_result of a file let through unscanned under SCANNER_FAIL_OPEN. */
export const SCAN_SKIPPED = 'not scanned: the virus scanner did not answer';

/** A scan under way: the bytes go in as `complete` reads them, and the verdict comes out. */
export interface UploadScan {
  input: Writable;
  verdict: Promise<{ verdict: ScanVerdict } | { error: unknown }>;
}

/**
 * The malware check of `complete` starts as the stored bytes are read: they stream on to the
 * scanner from the one read of the object. None without a scanner (SCANNER_URL unset).
 */
export function startScan(scanner: Scanner): UploadScan | undefined {
  if (scanner.kind === 'none') return undefined;
  const input = new PassThrough();
  // A read that fails ends the scan with it; the scanner reports its own troubles.
  input.on('error', () => {});
  const verdict = scanner.scan(input).then(
    (found) => ({ verdict: found }),
    (error: unknown) => ({ error }),
  );
  return { input, verdict };
}

/**
 * The scan's outcome, once the upload's bytes proved to be the declared ones: the scan_result to
 * record, 'clean', SCAN_SKIPPED (fail-open only), or null when no scanner is configured. An
 * infected upload is quarantined (audited, announced as file.quarantined) and refused with
 * FILE_QUARANTINED; a scanner that does not answer refuses with a retryable 503, the upload left
 * pending.
 */
export async function scanResultOf(
  def: DocumentSetDefinition,
  deps: DocumentDeps,
  user: AuthenticatedUser,
  pending: DocumentFileRecord,
  scan: UploadScan | undefined,
): Promise<string | null> {
  if (!scan) return null;
  const outcome = await scan.verdict;
  if ('error' in outcome) {
    if (!(outcome.error instanceof ScannerUnavailableError)) throw outcome.error;
    if (deps.scannerFailOpen) return SCAN_SKIPPED;
    throw new DomainError('DEPENDENCY_DOWN', { message: 'domain.error.DEPENDENCY_DOWN.scanner' });
  }
  const { verdict } = outcome;
  if (!verdict.infected) return SCAN_CLEAN;
  await quarantine(def, deps, user, pending, verdict.signature);
  throw new DomainError('FILE_QUARANTINED');
}

/**
 * Closes the file as quarantined, its bytes kept where they are for an admin to look into but
 * never linked to again. A racing `complete` may have let the file through unscanned meanwhile
 * (SCANNER_FAIL_OPEN); it then leaves its slot. Of a `complete` and the sweep of abandoned uploads
 * acting at once, exactly one wins.
 */
async function quarantine(
  def: DocumentSetDefinition,
  deps: DocumentDeps,
  user: AuthenticatedUser,
  pending: DocumentFileRecord,
  signature: string,
) {
  await deps.db.transaction(async (tx) => {
    // Read only on this rare path: the event names the set's parents.
    const parent = await parentOrNotFound(def, tx, user, { key: pending.parentKey });
    const row = await def.files.quarantine(tx, pending.key, signature);
    if (!row) return;
    const quarantined = await def.files.record(tx, row.key);
    await recordChange(tx, user, {
      entityType: def.auditTypes.set,
      entityKey: parent.key,
      action: 'file.quarantined',
      after: { file: toDocumentFile(quarantined), scanResult: signature },
      event: {
        type: 'file.quarantined',
        orderingKey: `${def.kind}:${parent.key}`,
        data: {
          ...parent.eventData,
          key: quarantined.key,
          fileType: quarantined.fileType,
          scanResult: signature,
        },
      },
    });
  });
}
