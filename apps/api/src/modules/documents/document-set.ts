import type { Actor, ApprovalStatus, DocumentSetKind } from '@portal/domain';
import type { ContentChecker } from '../../content-checks/content-checker.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Scanner } from '../../scanner/scanner.ts';
import type { Storage } from '../../storage/storage.ts';
import type { EventData } from '../events/domain-events.ts';
import type { AuthenticatedUser } from '../identity/sessions.ts';
import type { DocumentFilesRepository, LiveFileSummary } from './document-files.repository.ts';

/** A set as its address names it: its key, and the unit's project or the frequency's collateral. */
export interface ParentRef {
  key: string;
  /** A unit's project, a frequency's collateral, when the address names it (else 404). */
  within?: string;
}

/**
 * What the shared workflow needs to know about a unit or a frequency (docs/product.md#what-it-does), read once per
 * request with its owners: `row` is the set as its answer shows it.
 */
export interface DocumentSetParent<Row = unknown> {
  key: string;
  status: ApprovalStatus;
  version: number;
  /** The borrower account that owns the set. */
  accountKey: string;
  /** The required file types, one per slot (a unit's NOC slot resolved by its selectedNoc). */
  slots: readonly string[];
  /** The parent keys every event of this set carries (docs/product.md#api "Webhooks"). */
  eventData: Omit<EventData, 'key'>;
  /** When the set last went to the checker (null: never). */
  submittedAt: Date | null;
  /** A unit's first approval under four-eyes NOC release: the approver's id, and when. */
  firstApproval?: { by: string; at: Date } | null;
  row: Row;
}

/** A set as a change left it, for its answer: its row and its live files. */
export interface ChangedSet<Row> {
  row: Row;
  files: readonly LiveFileSummary[];
}

/** Units and frequencies each supply one of these; everything else is shared. */
export interface DocumentSetDefinition<Row = unknown> {
  kind: DocumentSetKind;
  files: DocumentFilesRepository;
  auditTypes: { set: 'unit' | 'frequency'; file: 'unit_file' | 'frequency_file' };
  storagePrefix: string;
  /**
   * The parent, if it exists and the user may see it (a borrower only their own account's);
   * with `forUpdate` its row is locked until the transaction ends.
   */
  loadParent(
    db: Executor,
    user: AuthenticatedUser,
    ref: ParentRef,
    options?: { forUpdate?: boolean },
  ): Promise<DocumentSetParent<Row> | undefined>;
  /**
   * Sets the status and bumps the version, only if the version is still `expectedVersion`:
   * answers the row's columns as saved, or undefined when the version had moved.
   */
  saveStatus(
    db: Executor,
    key: string,
    expectedVersion: number,
    changes: SetStatusChange,
  ): Promise<Partial<Row> | undefined>;
  /**
   * Units only (four-eyes NOC release): records or clears a first approval like saveStatus, the
   * status unchanged. A set without it is finalised by one approver.
   */
  saveFirstApproval?(
    db: Executor,
    key: string,
    expectedVersion: number,
    firstApproval: { by: string; at: Date } | null,
  ): Promise<Partial<Row> | undefined>;
}

/** A set's new status; a submit to the checker also restarts its age in the queue. */
export interface SetStatusChange {
  approvalStatus: ApprovalStatus;
  submittedAt?: Date;
}

export interface DocumentDeps {
  db: Database;
  storage: Storage;
  maxUploadBytes: number;
  /** Scans each upload's bytes at `complete` (SCANNER_URL; `none` scans nothing). */
  scanner: Scanner;
  /** Looks inside each upload's bytes at `complete`, in an isolated process. */
  contentChecker: ContentChecker;
  /** SCANNER_FAIL_OPEN: a scanner that does not answer lets uploads through, noted on the file. */
  scannerFailOpen: boolean;
  /** NOC_TWO_APPROVERS: a unit's approval takes two different approvers. */
  nocTwoApprovers?: boolean;
  /** Told the size of every upload that completes (the uploaded-bytes metric). */
  onUploadCompleted?: (kind: DocumentSetKind, bytes: number) => void;
}

export function actorFor(
  user: AuthenticatedUser,
  parent: Pick<DocumentSetParent, 'accountKey'>,
): Actor {
  return {
    role: user.role,
    isOwner: user.role === 'client' && user.accountKey === parent.accountKey,
  };
}
