import { and, asc, eq } from 'drizzle-orm';
import {
  COLLATERAL_SLOTS,
  currentMonthIn,
  unitSlotFileTypes,
  type ApprovalStatus,
  type DocumentFile,
  type DocumentSetKind,
} from '@portal/domain';
import { storageFor } from '../src/app.ts';
import { outbox } from '../src/db/schema.ts';
import { seedDocumentSet, type SeededState } from '../src/seed/document-sets.ts';
import { WEBHOOK_TOPIC } from '../src/modules/webhooks/webhooks.ts';
import type { TestApp } from './app.ts';
import { handleEvents } from './events.ts';
import { reviewAll, uploadAll } from './documents.ts';
import { seedBorrower, seedCollateral, seedLoans, seedStaff, tokenFor } from './factories.ts';

export const DOCUMENT_SET_KINDS = ['unit', 'frequency'] as const satisfies DocumentSetKind[];

/** One unit or frequency: its own URL (PUT of a status) and its files' URL. */
export interface DocumentSetRef {
  kind: DocumentSetKind;
  key: string;
  url: string;
  filesUrl: string;
  slots: readonly string[];
}

export type Outcome = 'APPROVED' | 'REJECTED';

/**
 * A borrower (owner), another borrower (stranger), and staff of each role, with fresh document
 * sets of the owner's in the state a test needs (seed factories by state): written
 * straight to the database by default, or with `through: 'api'` uploaded, submitted and reviewed
 * through the real API, for tests whose subject includes those steps.
 */
export async function documentSetWorld(
  t: TestApp,
  { through = 'database' }: { through?: 'database' | 'api' } = {},
) {
  const { user, account } = await seedBorrower(t.db);
  const owner = { token: await tokenFor(t.db, user.id), username: user.username };
  const stranger = await tokenFor(t.db, (await seedBorrower(t.db)).user.id);
  const approverUser = await seedStaff(t.db, 'approver');
  const approver = {
    token: await tokenFor(t.db, approverUser.id),
    username: approverUser.username,
  };
  const admin = await tokenFor(t.db, (await seedStaff(t.db, 'admin')).id);
  const viewer = await tokenFor(t.db, (await seedStaff(t.db, 'viewer')).id);
  const loans = await seedLoans(t.db, account.key, { opportunities: 1, projects: 1, units: 40 });
  const collateralKey = (await seedCollateral(t.db, account.key)).key;
  let unitsUsed = 0;
  let monthsBack = 0;

  const call = (
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });

  /** A NOT_RAISED set with no files. */
  async function emptySet(kind: DocumentSetKind): Promise<DocumentSetRef> {
    if (kind === 'unit') {
      const unit = loans.units[unitsUsed++]!;
      return {
        kind,
        key: unit.key,
        url: `/api/projects/${unit.projectKey}/units/${unit.key}`,
        filesUrl: `/api/units/${unit.key}/files`,
        slots: unitSlotFileTypes('Final'),
      };
    }
    // A past month no other set uses: one frequency per collateral, frequency code and month.
    const now = currentMonthIn('Asia/Kolkata');
    const index = now.year * 12 + (now.month - 1) - ++monthsBack;
    const created = await call(
      owner.token,
      'POST',
      `/api/collaterals/${collateralKey}/frequencies`,
      {
        frequency: 1,
        month: (index % 12) + 1,
        year: Math.floor(index / 12),
      },
    );
    if (created.statusCode !== 201) throw new Error(`frequency answered ${created.statusCode}`);
    const key = created.json().frequency.key as string;
    return {
      kind,
      key,
      url: `/api/collaterals/${collateralKey}/frequencies/${key}`,
      filesUrl: `/api/frequencies/${key}/files`,
      slots: COLLATERAL_SLOTS,
    };
  }

  async function setStatus(set: DocumentSetRef, token: string, approvalStatus: ApprovalStatus) {
    const res = await call(token, 'PUT', set.url, { approvalStatus });
    if (res.statusCode !== 200) throw new Error(`${approvalStatus} answered ${res.statusCode}`);
  }

  const storage = storageFor(t.env);
  /** The set's files in `state`, the owner's uploads and the approver's decisions. */
  const seeded = async (kind: DocumentSetKind, state: SeededState, rejected: string[] = []) => {
    const set = await emptySet(kind);
    await seedDocumentSet(t.db, storage, kind, set.key, {
      state,
      uploadedBy: user.id,
      reviewedBy: approverUser.id,
      rejected,
    });
    return set;
  };

  /** NOT_RAISED, every slot filled. */
  async function filledSet(kind: DocumentSetKind) {
    if (through === 'database') return seeded(kind, 'NOT_RAISED');
    const set = await emptySet(kind);
    await uploadAll(t.app, owner.token, set.filesUrl, set.slots);
    return set;
  }

  /** PENDING_APPROVAL, every file reviewed as `decide` says (not yet finalised). */
  async function reviewedSet(kind: DocumentSetKind, decide: (fileType: string) => Outcome) {
    if (through === 'database') {
      const slots = kind === 'unit' ? unitSlotFileTypes('Final') : COLLATERAL_SLOTS;
      return seeded(
        kind,
        'REVIEWED',
        slots.filter((slot) => decide(slot) === 'REJECTED'),
      );
    }
    const set = await filledSet(kind);
    await setStatus(set, owner.token, 'PENDING_APPROVAL');
    await reviewAll(t.app, approver.token, set.filesUrl, decide);
    return set;
  }

  /** REJECTED: `rejectedSlot` rejected, the rest approved, finalised. */
  async function rejectedSet(kind: DocumentSetKind, rejectedSlot: string) {
    if (through === 'database') return seeded(kind, 'REJECTED', [rejectedSlot]);
    const set = await reviewedSet(kind, (type) =>
      type === rejectedSlot ? 'REJECTED' : 'APPROVED',
    );
    await setStatus(set, approver.token, 'REJECTED');
    return set;
  }

  /** The set's live files (or with `returnDeleted`, every completed one), as the API lists them. */
  async function filesOf(set: DocumentSetRef, query = '') {
    const res = await call(owner.token, 'GET', `${set.filesUrl}?perPage=50${query}`);
    return (res.json().files as { file: DocumentFile }[]).map((entry) => entry.file);
  }

  async function fileIn(set: DocumentSetRef, fileType: string) {
    const file = (await filesOf(set)).find((f) => f.fileType === fileType);
    if (!file) throw new Error(`no ${fileType} file`);
    return file;
  }

  async function statusOf(set: DocumentSetRef) {
    return (await call(owner.token, 'GET', set.url)).json()[set.kind]
      .approvalStatus as ApprovalStatus;
  }

  /** The set's history as its borrower reads it, or as the given (staff) token does. */
  async function historyOf(set: DocumentSetRef, reader: string = owner.token) {
    const res = await call(reader, 'GET', `${set.url}/history`);
    return res.json().events as {
      action: string;
      before: unknown;
      after: unknown;
      actor: { username: string; role: string };
    }[];
  }

  return {
    owner,
    stranger,
    approver,
    admin,
    viewer,
    call,
    emptySet,
    filledSet,
    reviewedSet,
    rejectedSet,
    setStatus,
    filesOf,
    fileIn,
    statusOf,
    historyOf,
  };
}

export type DocumentSetWorld = Awaited<ReturnType<typeof documentSetWorld>>;

/**
 * The webhook events queued for one set, oldest first (the app runs with WEBHOOK_URL set), once
 * the events so far are handled.
 */
export async function webhooksOf(t: TestApp, set: DocumentSetRef) {
  await handleEvents(t);
  const jobs = await t.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(and(eq(outbox.topic, WEBHOOK_TOPIC), eq(outbox.orderingKey, `${set.kind}:${set.key}`)))
    .orderBy(asc(outbox.id));
  return jobs.map((job) => job.payload as { type: string; data: Record<string, unknown> });
}

/** A test app that queues webhooks (never delivered: no worker runs in tests). */
export const WEBHOOKS_ON = {
  WEBHOOK_URL: 'http://127.0.0.1:9/webhooks',
  WEBHOOK_SECRET: 'test-webhook-secret',
};
