import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  COLLATERAL_SLOTS,
  unitSlotFileTypes,
  type ApprovalStatus,
  type DocumentSetKind,
} from '@portal/domain';
import type { Database } from '../db/client.ts';
import { frequencies, units } from '../db/schema.ts';
import { storageKeySegment, type Storage } from '../storage/storage.ts';
import type { DocumentSetDefinition } from '../modules/documents/document-set.ts';
import { frequencyDocumentSet } from '../modules/frequencies/frequency-document-set.ts';
import { unitDocumentSet } from '../modules/units/unit-document-set.ts';

/**
 * Where a seeded set stands in its workflow (docs/product.md#statuses): a status, or REVIEWED — submitted, and
 * every file reviewed, awaiting the checker's final Submit.
 */
export type SeededState = ApprovalStatus | 'REVIEWED';

export interface SeededFile {
  fileType: string;
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

export interface SeedSetOptions {
  state: SeededState;
  /** The borrower whose uploads the files are. */
  uploadedBy: string;
  /** The checker whose decisions they carry (REVIEWED, APPROVED, REJECTED). */
  reviewedBy?: string;
  /** The slots filled: every slot unless given (only a NOT_RAISED set may have empty ones). */
  slots?: readonly string[];
  /** The files the checker rejected (ILLEGIBLE); the rest approved. */
  rejected?: readonly string[];
  /** A slot's file: a small PDF naming the slot unless given. */
  file?: (fileType: string) => SeededFile;
}

const DEFINITIONS: Record<DocumentSetKind, DocumentSetDefinition> = {
  unit: unitDocumentSet,
  frequency: frequencyDocumentSet,
};

/** A minimal but real PDF: the magic bytes the upload check looks for, and some text. */
export function seededPdf(label: string): SeededFile {
  return {
    fileType: label,
    fileName: `${label.toLowerCase()}.pdf`,
    contentType: 'application/pdf',
    bytes: Buffer.from(
      `%PDF-1.4\n% ${label}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    ),
  };
}

/**
 * A unit's or frequency's documents and status as the workflow would have left them (seed factories by state), written straight to the database and storage: for the demo book and
 * the tests whose subject is what comes after, not the uploads and reviews themselves. The files
 * are complete uploads, their bytes stored; no history, events or mail are made for them.
 */
export async function seedDocumentSet(
  db: Database,
  storage: Storage,
  kind: DocumentSetKind,
  key: string,
  options: SeedSetOptions,
) {
  const def = DEFINITIONS[kind];
  const parent = await parentOf(db, kind, key);
  const slots = options.slots ?? parent.slots;
  const submitted = options.state !== 'NOT_RAISED';
  if (submitted && slots.length !== parent.slots.length) {
    throw new Error(`a ${options.state} ${kind} has every slot filled`);
  }
  const reviewed = submitted && options.state !== 'PENDING_APPROVAL';
  if (reviewed && !options.reviewedBy)
    throw new Error(`a ${options.state} ${kind} needs reviewedBy`);
  const rejected = new Set(reviewed ? options.rejected : []);
  if (options.state === 'APPROVED' && rejected.size > 0) {
    throw new Error('an APPROVED set has no rejected file');
  }
  if (options.state === 'REJECTED' && rejected.size === 0) {
    throw new Error('a REJECTED set has a rejected file');
  }
  const now = new Date();
  const files = [];
  for (const fileType of slots) {
    const file = options.file?.(fileType) ?? seededPdf(fileType);
    const storageKey = `${def.storagePrefix}/${storageKeySegment(key)}/${randomUUID()}`;
    await storage.write(storageKey, file.bytes, {
      contentType: file.contentType,
      size: file.bytes.length,
    });
    const isRejected = rejected.has(fileType);
    files.push(
      await def.files.insert(db, {
        parentKey: key,
        accountKey: parent.accountKey,
        fileType,
        fileName: file.fileName,
        fileHash: createHash('sha256').update(file.bytes).digest('hex'),
        size: file.bytes.length,
        contentType: file.contentType,
        storageKey,
        borrowerRemarks: `Remarks for ${fileType}`,
        createdBy: options.uploadedBy,
        completedAt: now,
        fraudFlags: [],
        approvalStatus: !submitted
          ? 'NOT_RAISED'
          : !reviewed
            ? 'PENDING_APPROVAL'
            : isRejected
              ? 'REJECTED'
              : 'APPROVED',
        ...(reviewed && {
          approverRemarks: isRejected ? `Unreadable scan: ${fileType}` : `Looks right: ${fileType}`,
          reviewedBy: options.reviewedBy,
          reviewedAt: now,
          ...(isRejected && { rejectionReason: 'ILLEGIBLE' as const }),
        }),
      }),
    );
  }
  if (submitted) {
    const status = options.state === 'REVIEWED' ? 'PENDING_APPROVAL' : options.state;
    if (
      !(await def.saveStatus(db, key, parent.version, { approvalStatus: status, submittedAt: now }))
    ) {
      throw new Error(`${kind} ${key} changed while it was seeded`);
    }
  }
  return { key, files };
}

/** The set's account, slots and version, whoever's it is. */
async function parentOf(db: Database, kind: DocumentSetKind, key: string) {
  if (kind === 'unit') {
    const [unit] = await db
      .select({ accountKey: units.accountKey, version: units.version, noc: units.selectedNoc })
      .from(units)
      .where(eq(units.key, key));
    if (!unit) throw new Error(`no unit ${key}`);
    return { ...unit, slots: unitSlotFileTypes(unit.noc) };
  }
  const [frequency] = await db
    .select({ accountKey: frequencies.accountKey, version: frequencies.version })
    .from(frequencies)
    .where(eq(frequencies.key, key));
  if (!frequency) throw new Error(`no frequency ${key}`);
  return { ...frequency, slots: COLLATERAL_SLOTS };
}
