import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { uploadDocument } from '../../../test/documents.ts';
import { seedBorrower, seedLoans, seedStaff, tokenFor } from '../../../test/factories.ts';
import { hostileFiles, inflatingPdf } from '../../../test/hostile-files.ts';

/**
 * Bytes made to hurt whatever parses them, through the real upload flow: the file checks run in
 * an isolated process, so `complete` always answers and the server stays responsive.
 */
let t: TestApp;
let token: string;
let approverToken: string;
let units: string[];
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  const { user, account } = await seedBorrower(t.db);
  const loans = await seedLoans(t.db, account.key, { opportunities: 1, projects: 1, units: 20 });
  units = loans.units.map((u) => u.key);
  token = await tokenFor(t.db, user.id);
  approverToken = await tokenFor(t.db, (await seedStaff(t.db, 'approver')).id);
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t?.close());

const filesUrl = (unit: number) => `/api/units/${units[unit]}/files`;

/** The flags the checker sees on the file a completion answered. */
async function flagsSeenByChecker(unit: number, completed: { json(): unknown } | undefined) {
  const { key } = (completed!.json() as { file: { key: string } }).file;
  const read = await t.app.inject({
    url: `${filesUrl(unit)}/${key}`,
    headers: { authorization: `Bearer ${approverToken}` },
  });
  return read.json().file.fraudFlags;
}

describe('hostile files at complete', () => {
  it('answers every file of the corpus, counting it or refusing it, never failing', async () => {
    const corpus = await hostileFiles();
    const answers = [];
    for (const [i, file] of corpus.entries()) {
      const { completed } = await uploadDocument(t.app, token, filesUrl(i), 'OTHER', {
        bytes: file.bytes,
        fileName: file.name,
        contentType: file.contentType,
      });
      answers.push({ name: file.name, status: completed?.statusCode });
    }
    expect(answers).toEqual(corpus.map((file) => ({ name: file.name, status: file.status })));
  });

  it('counts a PDF that inflates to 1 GiB, flagged for the checker as not checked', async () => {
    const { completed } = await uploadDocument(t.app, token, filesUrl(12), 'OTHER', {
      bytes: await inflatingPdf(),
      fileName: 'statement.pdf',
    });
    expect(completed?.statusCode).toBe(200);
    // Stopped at its memory limit, or, where inflating is slower than the limit is near (a busy
    // machine, another Node), at its time limit: either way it counts, flagged for the checker.
    expect(await flagsSeenByChecker(12, completed)).toEqual([
      { code: 'NOT_CHECKED', detail: expect.stringMatching(/^(memory|time)$/) },
    ]);
  });

  it('completes five bombs at once while the liveness probe keeps answering within a second', async () => {
    const bombs = await Promise.all([1, 2, 3, 4, 5].map((n) => inflatingPdf(`bomb ${n}`)));
    const baseline = memoryInUse();
    let peak = baseline;
    let slowestProbe = 0;
    let probing = true;
    const probes = (async () => {
      while (probing) {
        const started = performance.now();
        const answer = await fetch(`${baseUrl}/api/healthz`);
        expect(answer.status).toBe(200);
        slowestProbe = Math.max(slowestProbe, performance.now() - started);
        peak = Math.max(peak, memoryInUse());
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const completions = await Promise.all(
      bombs.map((bytes, i) =>
        uploadDocument(t.app, token, filesUrl(13 + i), 'OTHER', {
          bytes,
          fileName: `bomb-${i}.pdf`,
        }),
      ),
    );
    probing = false;
    await probes;
    expect(completions.map((c) => c.completed?.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // Each bomb is stopped at its memory or time limit, or, on a slow machine, waits past the
    // queue's limit: either way it counts, flagged for the checker.
    for (const [i, { completed }] of completions.entries()) {
      expect(await flagsSeenByChecker(13 + i, completed)).toEqual([
        { code: 'NOT_CHECKED', detail: expect.stringMatching(/^(memory|time|busy)$/) },
      ]);
    }
    expect(slowestProbe).toBeLessThan(1_000);
    expect(peak - baseline).toBeLessThan(512 * 1024 * 1024);
  });
});

/** Resident memory of this process (which runs the server) and every process it started. */
function memoryInUse(): number {
  const parents = new Map<number, number>();
  const resident = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // After the command's closing parenthesis: state, ppid, …, rss (pages) is field 24.
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      parents.set(Number(entry), Number(fields[1]));
      resident.set(Number(entry), Number(fields[21]) * 4096);
    } catch {
      // The process ended while we looked.
    }
  }
  const isOurs = (pid: number): boolean =>
    pid === process.pid || (pid > 1 && parents.has(pid) && isOurs(parents.get(pid)!));
  let total = 0;
  for (const [pid, bytes] of resident) if (isOurs(pid)) total += bytes;
  return total;
}
