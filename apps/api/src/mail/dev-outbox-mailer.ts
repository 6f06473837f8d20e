import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Mailer } from './mailer.ts';

export const DevMailSchema = z.object({
  id: z.string(),
  sentAt: z.iso.datetime(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});
export type DevMail = z.infer<typeof DevMailSchema>;

let sequence = 0;

/**
 * docs/product.md#components: without SMTP, outside production, mail is kept as one JSON file per message in
 * `dir` (the lead passes DATA_DIR/mail) and read at /dev/mail.
 */
export function createDevOutboxMailer(dir: string, from: string): Mailer {
  return {
    kind: 'dev-outbox',
    async send(message) {
      const sentAt = new Date();
      // Time first, then the order within this process, so file names sort as the mail was sent.
      sequence = (sequence + 1) % 1_000_000;
      const id = [
        sentAt.getTime().toString().padStart(15, '0'),
        sequence.toString().padStart(6, '0'),
        randomBytes(3).toString('hex'),
      ].join('-');
      const mail: DevMail = {
        id,
        sentAt: sentAt.toISOString(),
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      };
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${id}.json`);
      // Written aside and renamed into place, so a reader never sees half a message.
      await writeFile(`${file}.tmp`, JSON.stringify(mail, null, 2));
      await rename(`${file}.tmp`, file);
    },
  };
}

/** Every message in the dev outbox, newest first; files that are not messages are skipped. */
export async function listDevMail(dir: string): Promise<DevMail[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const newestFirst = names
    .filter((name) => name.endsWith('.json'))
    .sort()
    .reverse();
  const mails = await Promise.all(newestFirst.map((name) => readMail(path.join(dir, name))));
  return mails.filter((mail) => mail !== undefined);
}

async function readMail(file: string): Promise<DevMail | undefined> {
  try {
    const parsed = DevMailSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
