import type { FastifyInstance } from 'fastify';
import {
  addDays,
  COLLATERAL_SLOTS,
  currentMonthIn,
  todayIn,
  unitSlotFileTypes,
  type Role,
} from '@portal/domain';
import type { Database } from '../src/db/client.ts';
import { outbox } from '../src/db/schema.ts';
import { createSession } from '../src/modules/identity/sessions.ts';
import { CALLERS, type Caller } from '../src/security/authorization-matrix.ts';
import { TEST_INTEGRATION_KEY, type TestApp } from './app.ts';
import { pdfBytes, reviewAll, sha256Hex, uploadAll, uploadDocument } from './documents.ts';
import {
  seedAccount,
  seedBorrower,
  seedCollateral,
  seedLoans,
  seedStaff,
  tokenFor,
} from './factories.ts';

export type SignedInCaller = Exclude<Caller, 'anonymous' | 'integration'>;

const unitSlots = unitSlotFileTypes('Final');

/** One unit or frequency (a document set) of borrower A, with the URL of its files. */
export interface DocumentSet {
  key: string;
  filesUrl: string;
}

/**
 * Borrower A's objects in every state a probe needs, so each role that may act can succeed
 * (a 2xx proves the row's "allowed" cells are real), plus B, the staff and their sessions.
 */
export interface SecurityWorld {
  a: {
    accountKey: string;
    email: string;
    name: string;
    userId: string;
    opportunityKey: string;
    projectKey: string;
    collateralKey: string;
    units: WorkflowSets;
    frequencies: WorkflowSets;
    /** A free past period for a new frequency. */
    newFrequencyPeriod: { frequency: 1; month: number; year: number };
    /** An unused signed upload link for each caller: links are single use. */
    uploadLinks: Record<Caller, UploadLink>;
    /** A period A has not asked a statement for yet. */
    newStatementPeriod: { fromDate: string; toDate: string };
    /** Open loan statement requests: one for each staff role that may attach a statement. */
    statementRequestIds: { approver: string; admin: string };
  };
  b: { accountKey: string };
  /** Unregistered lender accounts, one per caller, for the sign-up steps. */
  prospects: Record<Caller, { key: string; email: string }>;
  userIds: Record<SignedInCaller, string>;
  tokens: Record<SignedInCaller, string>;
  deadLetterId: number;
}

/** A's units (or frequencies) by workflow state. */
export interface WorkflowSets {
  /**
   * NOT_RAISED with a few files: `fileId` and `discardableFileId` complete, `uploadedFileId` sent
   * but not completed.
   */
  draft: DocumentSet & {
    fileId: string;
    /** The remarks `fileId` was uploaded with (they cannot change afterwards). */
    fileRemarks: string;
    discardableFileId: string;
    uploadedFileId: string;
    /** The signed download link of `fileId`. */
    downloadUrl: string;
    /** A slot still empty, for a new upload. */
    freeSlot: string;
  };
  /** Every slot filled, NOT_RAISED: ready for A to submit, one by PUT and one in bulk. */
  ready: DocumentSet;
  readyForBulk: DocumentSet;
  /** Submitted: one pending file for each reviewing role. */
  submitted: DocumentSet & { approverFileId: string; adminFileId: string };
  /** Submitted and every file approved: ready for each finalising role. */
  reviewedForApprover: DocumentSet;
  reviewedForAdmin: DocumentSet;
}

export const authorizationFor = (world: SecurityWorld, caller: Caller): string | undefined => {
  if (caller === 'anonymous') return undefined;
  if (caller === 'integration') return `Bearer ${TEST_INTEGRATION_KEY}`;
  return `Bearer ${world.tokens[caller]}`;
};

/** Another session of the caller's user, for calls that end the session they are made with. */
export async function freshTokenFor(db: Database, world: SecurityWorld, caller: SignedInCaller) {
  return (await createSession(db, world.userIds[caller], { federated: false })).token;
}

export async function seedSecurityWorld({ app, db, env }: TestApp): Promise<SecurityWorld> {
  const a = await seedBorrower(db);
  const b = await seedBorrower(db);
  const staff = {
    approver: await seedStaff(db, 'approver'),
    viewer: await seedStaff(db, 'viewer'),
    admin: await seedStaff(db, 'admin'),
  } satisfies Record<Exclude<Role, 'client'>, unknown>;
  const userIds = {
    borrowerA: a.user.id,
    borrowerB: b.user.id,
    approver: staff.approver.id,
    viewer: staff.viewer.id,
    admin: staff.admin.id,
  };
  const tokens = {
    borrowerA: await tokenFor(db, a.user.id),
    borrowerB: await tokenFor(db, b.user.id),
    approver: await tokenFor(db, staff.approver.id),
    viewer: await tokenFor(db, staff.viewer.id),
    admin: await tokenFor(db, staff.admin.id),
  };

  // Six units in the workflow states below, and one per caller to hold its upload link (a unit
  // takes only a few unfinished uploads at a time).
  const loans = await seedLoans(db, a.account.key, {
    opportunities: 1,
    projects: 1,
    units: 6 + CALLERS.length,
  });
  await seedLoans(db, b.account.key, { opportunities: 1, projects: 1, units: 1 });
  const projectKey = loans.projects[0]!.key;
  const opportunityKey = loans.opportunities[0]!.key;
  const [draftUnit, ready, readyForBulk, submitted, reviewedA, reviewedB, ...spareUnits] =
    loans.units.map((u) => ({ key: u.key, filesUrl: `/api/units/${u.key}/files` }));
  const collateralKey = (await seedCollateral(db, a.account.key)).key;
  await seedCollateral(db, b.account.key);

  const actors = { app, owner: tokens.borrowerA, reviewer: tokens.approver };
  const units = await prepareWorkflowSets(actors, {
    slots: unitSlots,
    sets: [draftUnit!, ready!, readyForBulk!, submitted!, reviewedA!, reviewedB!],
    submitUrl: (key) => `/api/projects/${projectKey}/units/${key}`,
  });

  const uploadLinks = {} as Record<Caller, UploadLink>;
  for (const [i, caller] of CALLERS.entries()) {
    const { filesUrl } = spareUnits[i]!;
    uploadLinks[caller] = (await startUpload(app, tokens.borrowerA, filesUrl, unitSlots[0]!)).link;
  }

  const month = currentMonthIn(env.BUSINESS_TIMEZONE);
  const monthsBack = (n: number) => {
    const index = month.year * 12 + (month.month - 1) - n;
    return { frequency: 1 as const, month: (index % 12) + 1, year: Math.floor(index / 12) };
  };
  const frequencyKeys: DocumentSet[] = [];
  for (let n = 1; n <= 6; n++) {
    const res = await call(
      app,
      tokens.borrowerA,
      'POST',
      `/api/collaterals/${collateralKey}/frequencies`,
      monthsBack(n),
    );
    expectStatus(res, 201, 'adding a frequency');
    const key = res.json().frequency.key as string;
    frequencyKeys.push({ key, filesUrl: `/api/frequencies/${key}/files` });
  }
  const frequencies = await prepareWorkflowSets(actors, {
    slots: COLLATERAL_SLOTS,
    sets: frequencyKeys,
    submitUrl: (key) => `/api/collaterals/${collateralKey}/frequencies/${key}`,
  });

  const today = todayIn(env.BUSINESS_TIMEZONE);
  const statementRequest = async () => {
    const res = await call(
      app,
      tokens.borrowerA,
      'POST',
      `/api/opportunities/${opportunityKey}/loan-statement-requests`,
      { fromDate: addDays(today, -60), toDate: addDays(today, -1) },
    );
    expectStatus(res, 201, 'requesting a loan statement');
    return res.json().loanStatementRequest.id as string;
  };

  const prospects = {} as SecurityWorld['prospects'];
  for (const caller of CALLERS) {
    const account = await seedAccount(db);
    prospects[caller] = { key: account.key, email: account.email };
  }

  const [deadLetter] = await db
    .insert(outbox)
    .values({ topic: 'webhook', payload: {}, status: 'dead', attempts: 1 })
    .returning({ id: outbox.id });

  return {
    a: {
      accountKey: a.account.key,
      email: a.account.email,
      name: a.account.name,
      userId: a.user.id,
      opportunityKey,
      projectKey,
      collateralKey,
      units,
      frequencies,
      uploadLinks,
      newFrequencyPeriod: monthsBack(7),
      newStatementPeriod: { fromDate: addDays(today, -30), toDate: addDays(today, -2) },
      statementRequestIds: { approver: await statementRequest(), admin: await statementRequest() },
    },
    b: { accountKey: b.account.key },
    prospects,
    userIds,
    tokens,
    deadLetterId: deadLetter!.id,
  };
}

async function prepareWorkflowSets(
  { app, owner, reviewer }: { app: FastifyInstance; owner: string; reviewer: string },
  options: {
    slots: readonly string[];
    sets: DocumentSet[];
    submitUrl: (key: string) => string;
  },
): Promise<WorkflowSets> {
  const { slots } = options;
  const [draft, ready, readyForBulk, submitted, reviewedForApprover, reviewedForAdmin] =
    options.sets as [DocumentSet, DocumentSet, DocumentSet, DocumentSet, DocumentSet, DocumentSet];

  const [fileSlot, discardSlot, uploadSlot, freeSlot] = slots.filter((s) => s !== 'OTHER');
  const fileId = await completedUpload(app, owner, draft.filesUrl, fileSlot!);
  const discardableFileId = await completedUpload(app, owner, draft.filesUrl, discardSlot!);
  const uploadedFileId = await sentUpload(app, owner, draft.filesUrl, uploadSlot!);
  const file = await call(app, owner, 'GET', `${draft.filesUrl}/${fileId}`);
  expectStatus(file, 200, 'reading a file');

  for (const set of [ready, readyForBulk, submitted, reviewedForApprover, reviewedForAdmin]) {
    await uploadAll(app, owner, set.filesUrl, slots);
  }
  for (const set of [submitted, reviewedForApprover, reviewedForAdmin]) {
    const res = await call(app, owner, 'PUT', options.submitUrl(set.key), {
      approvalStatus: 'PENDING_APPROVAL',
    });
    expectStatus(res, 200, 'submitting');
  }
  for (const set of [reviewedForApprover, reviewedForAdmin]) {
    await reviewAll(app, reviewer, set.filesUrl, () => 'APPROVED');
  }
  const pending = await call(app, owner, 'GET', `${submitted.filesUrl}?perPage=50`);
  const [approverFileId, adminFileId] = (pending.json().files as { file: { key: string } }[]).map(
    (f) => f.file.key,
  );

  return {
    draft: {
      ...draft,
      fileId,
      fileRemarks: file.json().file.borrowerRemarks as string,
      discardableFileId,
      uploadedFileId,
      downloadUrl: file.json().meta.presignedUrl as string,
      freeSlot: freeSlot!,
    },
    ready,
    readyForBulk,
    submitted: { ...submitted, approverFileId: approverFileId!, adminFileId: adminFileId! },
    reviewedForApprover,
    reviewedForAdmin,
  };
}

async function completedUpload(
  app: FastifyInstance,
  token: string,
  filesUrl: string,
  slot: string,
) {
  const { completed } = await uploadDocument(app, token, filesUrl, slot);
  if (completed?.statusCode !== 200)
    throw new Error(`upload of ${slot} answered ${completed?.statusCode}`);
  return completed.json().file.key as string;
}

/** A signed upload link: where the bytes go, with the headers it was signed for. */
export interface UploadLink {
  url: string;
  headers: Record<string, string>;
  bytes: Buffer;
}

/** Step one of an upload: the file awaits its bytes at the signed link. */
async function startUpload(app: FastifyInstance, token: string, filesUrl: string, slot: string) {
  const bytes = pdfBytes(slot);
  const created = await call(app, token, 'POST', filesUrl, {
    fileType: slot,
    fileName: `${slot.toLowerCase()}.pdf`,
    fileHash: sha256Hex(bytes),
    size: bytes.length,
    contentType: 'application/pdf',
  });
  expectStatus(created, 201, `starting an upload of ${slot}`);
  const { presignedUrl, uploadHeaders } = created.json().meta as {
    presignedUrl: string;
    uploadHeaders?: Record<string, string>;
  };
  const link: UploadLink = {
    url: presignedUrl,
    headers: { ...uploadHeaders, 'content-type': 'application/pdf' },
    bytes,
  };
  return { fileId: created.json().file.key as string, link };
}

/** Steps one and two of an upload (metadata, bytes), not the third: the file awaits `complete`. */
async function sentUpload(app: FastifyInstance, token: string, filesUrl: string, slot: string) {
  const { fileId, link } = await startUpload(app, token, filesUrl, slot);
  const sent = await app.inject({
    method: 'PUT',
    url: link.url,
    headers: link.headers,
    payload: link.bytes,
  });
  expectStatus(sent, 200, `sending the bytes of ${slot}`);
  return fileId;
}

const call = (
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) => app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });

function expectStatus(res: { statusCode: number; body: string }, status: number, what: string) {
  if (res.statusCode !== status) {
    throw new Error(`seeding: ${what} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  }
}
