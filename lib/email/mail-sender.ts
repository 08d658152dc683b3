/** A plain-text message to one person (sign-in and secret-roll codes, endpoint-failure notices). */
export interface Email {
  to: string;
  subject: string;
  text: string;
}

/**
 * Where mail goes: SES in AWS, the outbox folder in the embedded default (as file storage: only
 * configuration picks the adapter, lib/email/send-email.ts).
 */
export interface MailSender {
  send(email: Email): Promise<void>;
  /** Mail lands in the local outbox, which the dashboard's outbox page shows, not in anyone's inbox. */
  readonly toOutbox: boolean;
}
