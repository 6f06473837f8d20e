import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  formatDate,
  formatRupees,
  NOC_LETTER_ALPHABET,
  NocLetterDetailsSchema,
  type NocLetterDetails,
} from '@portal/domain';
import type { Executor } from '../../db/client.ts';
import { auditEvents, nocLetters, projects, users } from '../../db/schema.ts';
import { enqueue, type OutboxHandler } from '../../outbox/outbox.ts';
import { storageKeySegment, type Storage } from '../../storage/storage.ts';
import { recordChange } from '../events/change-recorder.ts';
import type { EventHandler } from '../events/event-handlers.ts';
import { unitsRepository } from '../units/units.repository.ts';
import type { LetterSettings } from './letter-settings.ts';

export const NOC_LETTER_TOPIC = 'noc_letter';

export interface NocLetterConfig {
  lenderName: string;
  publicUrl: string;
  /** BUSINESS_TIMEZONE: the approval's date as the letter prints it. */
  timeZone: string;
}

/** 80 random bits as 16 Crockford base32 characters, grouped: NOC-XXXX-XXXX-XXXX-XXXX. */
export function newLetterNumber(): string {
  let bits = 0n;
  for (const byte of randomBytes(10)) bits = (bits << 8n) | BigInt(byte);
  let chars = '';
  for (let i = 0; i < 16; i++) {
    chars = NOC_LETTER_ALPHABET[Number(bits & 31n)] + chars;
    bits >>= 5n;
  }
  return `NOC-${chars.match(/.{4}/g)!.join('-')}`;
}

export const verificationUrl = (publicUrl: string, letterNumber: string) =>
  `${publicUrl}/verify/${letterNumber}`;

export const nocLetterStorageKey = (unitKey: string, letterNumber: string) =>
  `noc-letters/${storageKeySegment(unitKey)}/${letterNumber}.pdf`;

const ActorSchema = z.object({ id: z.string().nullable(), username: z.string(), role: z.string() });
const IssueJobSchema = z.object({
  unitKey: z.string(),
  projectKey: z.string(),
  details: NocLetterDetailsSchema,
  actor: ActorSchema,
});
type IssueJob = z.infer<typeof IssueJobSchema>;

/**
 * unit.finalised APPROVED (whoever's approval made it final): the letter's row, with what it will
 * print as of the approval, and the outbox job that renders and stores it. A unit is approved once
 * (units never reopen), so it has at most one letter.
 */
export function issueNocLetter(config: NocLetterConfig): EventHandler {
  return async (tx, event) => {
    if (event.data.approvalStatus !== 'APPROVED') return;
    const found = await unitsRepository.find(tx, null, event.data.key);
    if (!found) return;
    const { unit } = found;
    const { actor } = event;
    const [project] = await tx
      .select({ address: projects.address })
      .from(projects)
      .where(eq(projects.key, unit.projectKey));
    const letterNumber = newLetterNumber();
    const approvedAt = new Date(event.occurredAt);
    const details: NocLetterDetails = {
      letterNumber,
      lenderName: config.lenderName,
      accountId: found.accountKey,
      accountName: found.accountName,
      loanAccount: `${found.opportunityName} (${found.opportunityKey})`,
      projectName: found.projectName,
      projectAddress: project?.address ?? null,
      tower: unit.tower,
      floor: unit.floor,
      unit: unit.unit,
      customerName: unit.customerName,
      nocType: unit.selectedNoc,
      saleValue: formatRupees(unit.totalSaleValue),
      amountReceived: formatRupees(unit.amountToBeReceived),
      approvedAt: approvedAt.toISOString(),
      approvedOn: formatDate(approvedAt, config.timeZone),
      approvedBy: (actor.id && (await nameOf(tx, eq(users.id, actor.id)))) || actor.username,
      firstApprovedBy: await firstApproverOf(tx, unit.key),
      verificationUrl: verificationUrl(config.publicUrl, letterNumber),
    };
    const inserted = await tx
      .insert(nocLetters)
      .values({
        letterNumber,
        unitKey: unit.key,
        accountKey: unit.accountKey,
        details,
        approvedBy: actor.id,
        approvedAt,
      })
      .onConflictDoNothing({ target: nocLetters.unitKey })
      .returning({ letterNumber: nocLetters.letterNumber });
    if (inserted.length === 0) return;
    const job: IssueJob = { unitKey: unit.key, projectKey: unit.projectKey, details, actor };
    await enqueue(tx, {
      topic: NOC_LETTER_TOPIC,
      payload: job,
      orderingKey: `noc_letter:${letterNumber}`,
    });
  };
}

/** A user's name as letters print it (their username when they have none). */
async function nameOf(tx: Executor, which: ReturnType<typeof eq>) {
  const [user] = await tx
    .select({ name: users.name, username: users.username })
    .from(users)
    .where(which);
  return user && (user.name?.trim() || user.username);
}

/**
 * Four-eyes release: the first approver that this approval confirmed, as the unit's history keeps
 * them (the unit itself forgets a first approval once it is confirmed); null when one approver
 * released the unit.
 */
async function firstApproverOf(tx: Executor, unitKey: string) {
  const [confirmation] = await tx
    .select({ before: auditEvents.before })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.entityType, 'unit'),
        eq(auditEvents.entityKey, unitKey),
        eq(auditEvents.action, 'unit.approval_confirmed'),
      ),
    )
    .orderBy(desc(auditEvents.id))
    .limit(1);
  const username = (confirmation?.before as { firstApproval?: { by?: string } } | null)
    ?.firstApproval?.by;
  return username ? ((await nameOf(tx, eq(users.username, username))) ?? username) : null;
}

/**
 * The outbox handler that issues a letter: renders it (and signs it, when the lender has a signing
 * certificate), stores it under the letter's own key and then, in the job's transaction, records
 * where it is and its SHA-256. A retry finds the stored bytes and keeps them, and a letter already
 * issued is left as it is, so the record never changes.
 */
export function nocLetterHandler(storage: Storage, settings: LetterSettings): OutboxHandler {
  return async (payload) => {
    const { unitKey, projectKey, details, actor } = IssueJobSchema.parse(payload);
    const storageKey = nocLetterStorageKey(unitKey, details.letterNumber);
    const bytes = (await storage.stat(storageKey))
      ? await readAll(await storage.read(storageKey))
      : await storeRendered(storage, storageKey, details, settings);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    return async (tx) => {
      const [issued] = await tx
        .update(nocLetters)
        .set({ storageKey, sha256, size: bytes.length, issuedAt: sql`now()` })
        .where(and(eq(nocLetters.letterNumber, details.letterNumber), isNull(nocLetters.issuedAt)))
        .returning();
      if (!issued) return;
      await recordChange(tx, actor, {
        entityType: 'noc_letter',
        entityKey: issued.letterNumber,
        action: 'noc_letter.issued',
        after: { unitKey, sha256, size: bytes.length },
        // A letter revoked while it was being prepared is kept, but nobody is told it is ready.
        ...(!issued.revokedAt && {
          event: {
            type: 'noc_letter.issued',
            // After the unit's own events: a CRM sees the approval before its letter.
            orderingKey: `unit:${unitKey}`,
            data: {
              key: issued.letterNumber,
              accountId: issued.accountKey,
              unitKey,
              projectKey,
              status: 'ISSUED',
            },
          },
        }),
      });
    };
  };
}

async function storeRendered(
  storage: Storage,
  key: string,
  details: NocLetterDetails,
  settings: LetterSettings,
) {
  // pdf-lib and its fonts load with the first letter, not with every API process.
  const { issuedNocLetter } = await import('./noc-letter-pdf.ts');
  const bytes = await issuedNocLetter(details, settings);
  await storage.write(key, bytes, { contentType: 'application/pdf', size: bytes.length });
  return bytes;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
