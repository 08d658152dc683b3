import { isLocal } from '../config';
import type { Email, MailSender } from './mail-sender';
import { outboxSender } from './outbox-sender';
import { sesSender } from './ses-sender';

/** The sender of this process, by configuration: the outbox in the embedded default (STAGE=local), else SES. */
export function mailSender(): MailSender {
  return isLocal() ? outboxSender : sesSender;
}

export function sendEmail(email: Email): Promise<void> {
  return mailSender().send(email);
}

/** True where mail lands in the local outbox (pages then point people at it). */
export function mailGoesToOutbox(): boolean {
  return mailSender().toOutbox;
}
