/** One plain-text mail to one person. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail: through SMTP when SMTP_URL is set, otherwise into the local outbox (DATA_DIR/outbox). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export const DEFAULT_MAIL_FROM = 'Spark Teams <no-reply@spark.localhost>';
