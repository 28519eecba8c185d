import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Files sent with the message, e.g. an invoice's PDF. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file's bytes in base64, so a message stays plain JSON in the outbox. */
  contentBase64: string;
}

/** nodemailer's form of a message: attachments decoded from base64 by nodemailer itself. */
function nodemailerMessage(from: string, { attachments, ...message }: MailMessage) {
  return {
    from,
    ...message,
    ...(attachments?.length
      ? {
          attachments: attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.contentBase64,
            encoding: 'base64',
          })),
        }
      : {}),
  };
}

export interface Mailer {
  send(message: MailMessage, fileStem: string): Promise<void>;
}

export interface MailerOptions {
  /** smtp(s)://… sends through that server; without it messages become .eml files. */
  smtpUrl?: string;
  /** Where .eml files go; default 'var/mail' relative to process.cwd(). */
  mailDir?: string;
  from?: string;
}

/**
 * Without an SMTP server, nodemailer still builds the complete MIME message (stream transport
 * with a buffer) and we keep it as an .eml file that any mail client opens.
 */
export function createMailer(options: MailerOptions = {}): Mailer {
  const from = options.from ?? 'Vela <orders@vela.localhost>';
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail(nodemailerMessage(from, message));
      },
    };
  }
  const dir = resolve(process.cwd(), options.mailDir ?? 'var/mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message, fileStem) {
      const info = await transport.sendMail(nodemailerMessage(from, message));
      await mkdir(dir, { recursive: true });
      // Written under a name no reader takes for a mail, then renamed: a full disk leaves no
      // empty or cut .eml behind, and readers only ever see whole files.
      const partial = join(dir, `.${fileStem}.${randomUUID()}.partial`);
      try {
        await writeFile(partial, info.message as Buffer);
        await rename(partial, join(dir, `${fileStem}.eml`));
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
  };
}
