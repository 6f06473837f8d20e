import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  documentSetWorld,
  webhooksOf,
  WEBHOOKS_ON,
  type DocumentSetRef,
  type DocumentSetWorld,
} from '../../../test/document-sets.ts';
import { seedStaff, tokenFor } from '../../../test/factories.ts';

// Four-eyes NOC release (NOC_TWO_APPROVERS): a unit's APPROVED takes two different approvers.

const allApproved = () => 'APPROVED' as const;

interface Staff {
  token: string;
  username: string;
}

async function approverOf(t: TestApp, role: 'approver' | 'admin' = 'approver'): Promise<Staff> {
  const user = await seedStaff(t.db, role);
  return { token: await tokenFor(t.db, user.id), username: user.username };
}

describe('with NOC_TWO_APPROVERS on', () => {
  let t: TestApp;
  let w: DocumentSetWorld;
  let first: Staff;
  let second: Staff;

  beforeAll(async () => {
    t = await createTestApp({ NOC_TWO_APPROVERS: 'true', ...WEBHOOKS_ON });
    w = await documentSetWorld(t);
    first = w.approver;
    second = await approverOf(t, 'admin');
  });
  afterAll(() => t?.close());

  const finalise = (set: DocumentSetRef, who: Staff, approvalStatus: string, version?: number) =>
    w.call(who.token, 'PUT', set.url, { approvalStatus, ...(version && { version }) });
  const sendBack = (set: DocumentSetRef, who: Staff | string, payload: object = {}) =>
    w.call(typeof who === 'string' ? who : who.token, 'POST', `${set.url}/send-back`, payload);
  const unitOf = async (set: DocumentSetRef) =>
    (await w.call(first.token, 'GET', set.url)).json().unit;
  const finalisedEvents = async (set: DocumentSetRef) =>
    (await webhooksOf(t, set)).filter((event) => event.type === 'unit.finalised');
  // As staff read the history: a borrower reads the lender's people by name and role only.
  const actions = async (set: DocumentSetRef) =>
    (await w.call(w.admin, 'GET', `${set.url}/history`))
      .json()
      .events.map(
        (event: { action: string; actor: { username: string } }) =>
          `${event.action} by ${event.actor.username}`,
      );

  /** A unit with every document approved and its first approval given by `first`. */
  async function firstApproved() {
    const set = await w.reviewedSet('unit', allApproved);
    const res = await finalise(set, first, 'APPROVED');
    expect(res.statusCode).toBe(200);
    return set;
  }

  it('a first approval keeps the unit pending, names its approver and emits no finalised event', async () => {
    const set = await w.reviewedSet('unit', allApproved);
    const before = Date.now();
    const res = await finalise(set, first, 'APPROVED');
    expect(res.statusCode).toBe(200);
    const unit = res.json().unit;
    expect(unit).toMatchObject({
      approvalStatus: 'PENDING_APPROVAL',
      approvalsRequired: 2,
      firstApproval: { by: { username: first.username, name: 'Test approver' } },
    });
    expect(Date.parse(unit.firstApproval.at)).toBeGreaterThanOrEqual(before - 1000);
    expect(await finalisedEvents(set)).toEqual([]);
    expect(await actions(set)).toContain(`unit.first_approved by ${first.username}`);

    // The checker list shows it awaiting its second approval.
    const list = await w.call(
      second.token,
      'GET',
      `/api/projects/all/units/all/status/PENDING_APPROVAL?perPage=100`,
    );
    const listed = (list.json().units as { key: string; firstApproval: unknown }[]).find(
      (u) => u.key === set.key,
    );
    expect(listed?.firstApproval).toEqual(unit.firstApproval);
  });

  it('the first approver can neither confirm nor send back their own approval (409)', async () => {
    const set = await firstApproved();
    const confirm = await finalise(set, first, 'APPROVED');
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().error).toEqual({
      code: 'SAME_APPROVER',
      message: expect.stringMatching(/different approver must confirm/),
    });
    expect((await sendBack(set, first)).json().error.code).toBe('SAME_APPROVER');
    expect(await unitOf(set)).toMatchObject({
      approvalStatus: 'PENDING_APPROVAL',
      firstApproval: { by: { username: first.username } },
    });
  });

  it('a different approver confirms: APPROVED, and unit.finalised is emitted once, then', async () => {
    const set = await firstApproved();
    const res = await finalise(set, second, 'APPROVED');
    expect(res.statusCode).toBe(200);
    expect(res.json().unit).toMatchObject({ approvalStatus: 'APPROVED', firstApproval: null });
    const events = await finalisedEvents(set);
    expect(events).toHaveLength(1);
    expect(events[0]!.data.approvalStatus).toBe('APPROVED');
    expect(await actions(set)).toEqual(
      expect.arrayContaining([
        `unit.first_approved by ${first.username}`,
        `unit.approval_confirmed by ${second.username}`,
        `unit.finalised by ${second.username}`,
      ]),
    );
    // Staff read who gave the first approval; its borrower reads that it was given, not by whom.
    const confirmedAs = async (reader?: string) =>
      (await w.historyOf(set, reader)).find((e) => e.action === 'unit.approval_confirmed');
    expect((await confirmedAs(w.admin))?.before).toMatchObject({
      firstApproval: { by: first.username },
    });
    expect((await confirmedAs())?.before).toMatchObject({ firstApproval: { by: '' } });
  });

  it('a different approver sends it back: pending for review without the first approval', async () => {
    const set = await firstApproved();
    const res = await sendBack(set, second, { version: (await unitOf(set)).version });
    expect(res.statusCode).toBe(200);
    expect(res.json().unit).toMatchObject({
      approvalStatus: 'PENDING_APPROVAL',
      firstApproval: null,
    });
    expect(await actions(set)).toContain(`unit.sent_back by ${second.username}`);
    expect(await finalisedEvents(set)).toEqual([]);

    // A new round: now the one who sent it back approves first, and the other confirms.
    expect((await finalise(set, second, 'APPROVED')).json().unit.firstApproval.by.username).toBe(
      second.username,
    );
    expect((await finalise(set, first, 'APPROVED')).json().unit.approvalStatus).toBe('APPROVED');
  });

  it('only a first approval awaiting its second is sent back, only by approvers, on valid input', async () => {
    const set = await w.reviewedSet('unit', allApproved);
    expect((await sendBack(set, second)).json().error.code).toBe('ILLEGAL_TRANSITION');
    await finalise(set, first, 'APPROVED');
    expect((await sendBack(set, w.viewer)).statusCode).toBe(403);
    expect((await sendBack(set, w.owner.token)).statusCode).toBe(403);
    expect((await sendBack(set, second, { version: 'one' })).statusCode).toBe(400);
    expect((await sendBack(set, second, { version: 1 })).json().error.code).toBe('STALE_VERSION');
    const missing = await w.call(second.token, 'POST', `${set.url}-NOPE/send-back`, {});
    expect(missing.statusCode).toBe(404);
    expect((await unitOf(set)).firstApproval).not.toBeNull();
  });

  it('a rejection takes one approver, at the first step and at the second', async () => {
    const rejected = await w.reviewedSet('unit', (type) =>
      type === 'OTHER' ? 'REJECTED' : 'APPROVED',
    );
    const res = await finalise(rejected, first, 'REJECTED');
    expect(res.json().unit).toMatchObject({ approvalStatus: 'REJECTED', firstApproval: null });

    // At the second step the second approver rejects a document, and then the unit.
    const set = await firstApproved();
    const other = await w.fileIn(set, 'OTHER');
    const review = await w.call(second.token, 'PUT', `${set.filesUrl}/${other.key}`, {
      approvalStatus: 'REJECTED',
      approverRemarks: 'The sale deed is not signed',
      rejectionReason: 'UNSIGNED',
    });
    expect(review.statusCode).toBe(200);
    expect((await finalise(set, second, 'APPROVED')).json().error.code).toBe('OUTCOME_MISMATCH');
    const done = await finalise(set, second, 'REJECTED');
    expect(done.json().unit).toMatchObject({ approvalStatus: 'REJECTED', firstApproval: null });
    const events = await finalisedEvents(set);
    expect(events.map((event) => event.data.approvalStatus)).toEqual(['REJECTED']);
  });

  it('of 50 different approvers confirming at once, exactly one wins; the others get 409', async () => {
    const set = await firstApproved();
    const approvers = await Promise.all(Array.from({ length: 50 }, () => approverOf(t)));
    const answers = await Promise.all(approvers.map((who) => finalise(set, who, 'APPROVED')));
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(49);
    expect(await finalisedEvents(set)).toHaveLength(1);
    expect((await unitOf(set)).approvalStatus).toBe('APPROVED');
  });

  it('two approvers giving the first approval at once: one first approval only', async () => {
    const set = await w.reviewedSet('unit', allApproved);
    const { version } = await unitOf(set);
    const answers = await Promise.all([
      finalise(set, first, 'APPROVED', version),
      finalise(set, second, 'APPROVED', version),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((res) => res.statusCode === 200)!.json().unit;
    expect(winner.approvalStatus).toBe('PENDING_APPROVAL');
    expect(await unitOf(set)).toMatchObject({
      approvalStatus: 'PENDING_APPROVAL',
      firstApproval: winner.firstApproval,
      version: version + 1,
    });
    expect(
      (await w.historyOf(set)).filter((event) => event.action === 'unit.first_approved'),
    ).toHaveLength(1);
  });

  it('frequencies are unaffected: one approver finalises them', async () => {
    const set = await w.reviewedSet('frequency', allApproved);
    await w.setStatus(set, first.token, 'APPROVED');
    expect(await w.statusOf(set)).toBe('APPROVED');
  });
});

describe('with NOC_TWO_APPROVERS off (the default)', () => {
  let t: TestApp;
  let w: DocumentSetWorld;

  beforeAll(async () => {
    t = await createTestApp(WEBHOOKS_ON);
    w = await documentSetWorld(t);
  });
  afterAll(() => t?.close());

  it('one approver approves a unit at once, and nothing awaits a second approval', async () => {
    const set = await w.reviewedSet('unit', allApproved);
    const res = await w.call(w.approver.token, 'PUT', set.url, { approvalStatus: 'APPROVED' });
    expect(res.json().unit).toMatchObject({
      approvalStatus: 'APPROVED',
      approvalsRequired: 1,
      firstApproval: null,
    });
    const finalised = (await webhooksOf(t, set)).filter((e) => e.type === 'unit.finalised');
    expect(finalised.map((event) => event.data.approvalStatus)).toEqual(['APPROVED']);
    const sendBack = await w.call(w.admin, 'POST', `${set.url}/send-back`, {});
    expect(sendBack.json().error.code).toBe('ILLEGAL_TRANSITION');
  });
});
