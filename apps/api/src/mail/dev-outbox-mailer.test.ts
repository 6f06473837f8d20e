import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevOutboxMailer, listDevMail } from './dev-outbox-mailer.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'dev-outbox-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const FROM = 'Borrower Portal <no-reply@portal.example>';
const message = (n: number) => ({
  to: `user${n}@example.com`,
  subject: `Message ${n}`,
  text: `Text ${n}`,
  html: `<p>HTML ${n}</p>`,
});

describe('dev outbox mailer', () => {
  it('keeps each message as a JSON file and lists them newest first', async () => {
    const dir = path.join(root, 'mail');
    const mailer = createDevOutboxMailer(dir, FROM);
    expect(mailer.kind).toBe('dev-outbox');

    for (const n of [1, 2, 3]) await mailer.send(message(n));

    const files = (await readdir(dir)).sort();
    expect(files).toHaveLength(3);
    expect(files.every((f) => f.endsWith('.json'))).toBe(true);
    const stored = JSON.parse(await readFile(path.join(dir, files[0] ?? ''), 'utf8'));
    expect(stored).toEqual({
      id: files[0]?.replace(/\.json$/, ''),
      sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      from: FROM,
      ...message(1),
    });

    const listed = await listDevMail(dir);
    expect(listed.map((m) => m.subject)).toEqual(['Message 3', 'Message 2', 'Message 1']);
    expect(listed[0]).toMatchObject({ from: FROM, ...message(3) });
  });

  it('lists nothing for a folder that does not exist yet, and skips files that are not mail', async () => {
    expect(await listDevMail(path.join(root, 'missing'))).toEqual([]);

    const dir = path.join(root, 'mixed');
    await createDevOutboxMailer(dir, FROM).send(message(7));
    await writeFile(path.join(dir, 'notes.txt'), 'not mail');
    await writeFile(path.join(dir, 'broken.json'), '{"id":');
    await writeFile(path.join(dir, 'other.json'), '{"hello":"world"}');

    expect((await listDevMail(dir)).map((m) => m.subject)).toEqual(['Message 7']);
  });
});
