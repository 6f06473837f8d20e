import { z } from 'zod';

/** Parsed again when a mail job is worked, because the outbox stores it as plain JSON. */
export const MailMessageSchema = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});
export type MailMessage = z.infer<typeof MailMessageSchema>;

/** The mail port: SMTP in production, the dev outbox on a fresh machine. */
export interface Mailer {
  kind: 'smtp' | 'dev-outbox';
  /** Resolves once the message is accepted; rejects so the outbox retries. */
  send(message: MailMessage): Promise<void>;
}
