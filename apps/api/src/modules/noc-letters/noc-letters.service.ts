import { and, desc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import { preparedOnce } from '../../db/lists/index.ts';
import {
  DomainError,
  formatDate,
  isStaffRole,
  normaliseNocLetterNumber,
  NocLetterDetailsSchema,
  type NocLetter,
  type NocLetterVerification,
} from '@portal/domain';
import type { Database, Executor } from '../../db/client.ts';
import { nocLetters, projects, units } from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';
import { sanitiseFileName } from '../documents/upload-document.ts';
import { hasUnhandledEvents, recordChange } from '../events/change-recorder.ts';
import type { AuthenticatedUser } from '../identity/sessions.ts';
import { getProjectUnit } from '../units/units.service.ts';

type NocLetterRow = typeof nocLetters.$inferSelect;

function toNocLetter(row: NocLetterRow): NocLetter {
  const details = NocLetterDetailsSchema.parse(row.details);
  return {
    letterNumber: row.letterNumber,
    unitKey: row.unitKey,
    nocType: details.nocType,
    state: row.revokedAt ? 'REVOKED' : row.issuedAt ? 'ISSUED' : 'PREPARING',
    fileName: sanitiseFileName(`NOC letter ${details.unit} ${row.letterNumber}.pdf`),
    sha256: row.sha256,
    size: row.size,
    approvedAt: row.approvedAt.toISOString(),
    issuedAt: row.issuedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokeReason: row.revokeReason,
    verificationUrl: details.verificationUrl,
  };
}

/**
 * The unit's NOC letter with a short-lived download link, for its borrower and for staff. Before
 * the approval there is none (404), as for another borrower's unit; until the PDF is stored, 202.
 * A revoked letter is no longer handed to the borrower to pass on; staff can still open it.
 */
export async function getUnitNocLetter(
  db: Database,
  storage: Storage,
  user: AuthenticatedUser,
  projectKey: string,
  unitKey: string,
) {
  const unit = await getProjectUnit(db, user, projectKey, unitKey);
  const [row] = await preparedOnce(db, 'noc-letters.of-unit', (name) =>
    db
      .select()
      .from(nocLetters)
      .where(eq(nocLetters.unitKey, sql.placeholder('unit')))
      .prepare(name),
  ).execute({ unit: unit.key });
  // Approved, the letter still being made (its row is written as the approval's event is
  // handled, its PDF after that): the caller asks again shortly (202).
  if (
    !row &&
    unit.approvalStatus === 'APPROVED' &&
    (await hasUnhandledEvents(db, `unit:${unit.key}`))
  )
    return null;
  if (!row) throw new DomainError('NOT_FOUND', { message: 'domain.error.NOT_FOUND.nocLetterYet' });
  if (!row.issuedAt || !row.storageKey) return null;
  const file = toNocLetter(row);
  const downloadable = !row.revokedAt || isStaffRole(user.role);
  const presignedUrl = downloadable
    ? await storage.presignDownload(row.storageKey, {
        fileName: file.fileName,
        contentType: 'application/pdf',
      })
    : null;
  return { file, meta: { presignedUrl } };
}

/**
 * The account's letters issued for units approved since `since`, not revoked, newest approval
 * first: the first `limit` and how many. Read from the account's approved units (their
 * status-and-update index), each joined to its one letter.
 */
export async function recentLettersOfAccount(
  db: Executor,
  accountKey: string,
  since: Date,
  limit: number,
) {
  // A month of an account's letters is a few rows: counted by the statement that pages them.
  const rows = await preparedOnce(db, 'noc-letters.account.recent', (name) =>
    db
      .select({
        letterNumber: nocLetters.letterNumber,
        unitKey: units.key,
        projectKey: units.projectKey,
        projectName: projects.name,
        tower: units.tower,
        unit: units.unit,
        issuedAt: nocLetters.issuedAt,
        total: sql<number>`(count(*) over ())::int`,
      })
      .from(units)
      .innerJoin(nocLetters, eq(nocLetters.unitKey, units.key))
      .innerJoin(projects, eq(projects.key, units.projectKey))
      .where(
        and(
          eq(units.accountKey, sql.placeholder('account')),
          eq(units.approvalStatus, 'APPROVED'),
          gte(units.updatedAt, sql.placeholder('since')),
          eq(nocLetters.accountKey, sql.placeholder('account')),
          isNotNull(nocLetters.issuedAt),
          isNull(nocLetters.revokedAt),
        ),
      )
      .orderBy(desc(units.updatedAt), desc(units.key))
      .limit(sql.placeholder('limit'))
      .prepare(name),
  ).execute({ account: accountKey, since, limit });
  return {
    letters: rows.map(({ total: _total, ...row }) => ({
      ...row,
      issuedAt: row.issuedAt!.toISOString(),
    })),
    total: rows[0]?.total ?? 0,
  };
}

/**
 * What anyone holding a letter may learn about its number: valid or revoked, with the unit, NOC
 * type and dates the letter prints. A malformed number is looked up like any unknown one.
 */
export async function verifyNocLetter(
  db: Executor,
  input: string,
  timeZone: string,
): Promise<NocLetterVerification> {
  const letterNumber = normaliseNocLetterNumber(input) ?? input;
  const [row] = await preparedOnce(db, 'noc-letters.by-number', (name) =>
    db
      .select()
      .from(nocLetters)
      .where(eq(nocLetters.letterNumber, sql.placeholder('number')))
      .prepare(name),
  ).execute({ number: letterNumber.slice(0, 64) });
  // A letter whose PDF is not stored yet has not been handed to anyone: unknown to the public.
  if (!row?.issuedAt || !row.sha256) return { status: 'unknown' };
  const details = NocLetterDetailsSchema.parse(row.details);
  return {
    status: row.revokedAt ? 'revoked' : 'valid',
    letterNumber: row.letterNumber,
    lenderName: details.lenderName,
    projectName: details.projectName,
    tower: details.tower,
    floor: details.floor,
    unit: details.unit,
    nocType: details.nocType,
    approvedOn: details.approvedOn,
    revokedOn: row.revokedAt ? formatDate(row.revokedAt, timeZone) : null,
    sha256: row.sha256,
  };
}

/**
 * An approver or admin revokes a letter, with the reason; once only. The verification page then
 * answers "revoked", the CRM hears of it, and it is audited under the letter and in its unit's
 * history.
 */
export async function revokeNocLetter(
  db: Database,
  user: AuthenticatedUser,
  letterNumber: string,
  reason: string,
) {
  const canonical = normaliseNocLetterNumber(letterNumber);
  if (!canonical)
    throw new DomainError('NOT_FOUND', { message: 'domain.error.NOT_FOUND.nocLetter' });
  return db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(nocLetters)
      .set({ revokedAt: sql`now()`, revokedBy: user.id, revokeReason: reason })
      .where(and(eq(nocLetters.letterNumber, canonical), isNull(nocLetters.revokedAt)))
      .returning();
    if (!revoked) {
      const [exists] = await tx
        .select({ letterNumber: nocLetters.letterNumber })
        .from(nocLetters)
        .where(eq(nocLetters.letterNumber, canonical));
      if (!exists)
        throw new DomainError('NOT_FOUND', { message: 'domain.error.NOT_FOUND.nocLetter' });
      throw new DomainError('CONFLICT', { message: 'domain.error.CONFLICT.nocLetterRevoked' });
    }
    const [unit] = await tx
      .select({ projectKey: units.projectKey })
      .from(units)
      .where(eq(units.key, revoked.unitKey));
    const change = {
      action: 'noc_letter.revoked',
      before: { revokedAt: null },
      after: {
        letterNumber: revoked.letterNumber,
        revokedAt: revoked.revokedAt?.toISOString(),
        reason,
      },
    };
    await recordChange(tx, user, {
      ...change,
      entityType: 'noc_letter',
      entityKey: revoked.letterNumber,
      event: {
        type: 'noc_letter.revoked',
        orderingKey: `unit:${revoked.unitKey}`,
        data: {
          key: revoked.letterNumber,
          accountId: revoked.accountKey,
          unitKey: revoked.unitKey,
          ...(unit && { projectKey: unit.projectKey }),
          status: 'REVOKED',
        },
      },
    });
    // The unit's history shows it too (who, when, why), after the approval that issued the letter.
    await recordChange(tx, user, { ...change, entityType: 'unit', entityKey: revoked.unitKey });
    return toNocLetter(revoked);
  });
}
