import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { MailOutboxWriter } from '../../mail/mailOutbox';
import { renderContactMail } from '../../mail/contactMail';
import { inputError } from '../errors';
import { isValidEmail } from '../../kernel/emailAddress';
import { multiLineText, singleLineText } from '../../kernel/inputRules';
import { inWriteTransaction } from '../../kernel/transaction';
import { nextId } from '../../db/idSequence';
import { readStoreConfigValues } from '../../kernel/storeConfig';
import { RATE_RULES, type RateLimiter } from '../../kernel/rateLimiter';

export interface ContactRequest {
  name: string;
  email: string;
  telephone?: string | null;
  comment: string;
}

export interface ContactServiceOptions {
  now: () => Date;
  rateLimits: RateLimiter;
  mailOutbox?: MailOutboxWriter;
  log?: (line: string) => void;
}

/** Where contact messages go: store config contact_recipient_email (Magento's contact/email/recipient_email). */
export const DEFAULT_CONTACT_RECIPIENT = 'hello@vela.localhost';

const MAX_LENGTH = { name: 255, email: 255, telephone: 64, comment: 10_000 };

export function createContactService(db: Kysely<Database>, options: ContactServiceOptions) {
  return {
    /** Stores the message first (it is never lost to a mail failure), then mails it to the shop. */
    async send(request: ContactRequest, client = 'unknown'): Promise<void> {
      const name = singleLineText('name', request.name, MAX_LENGTH.name) ?? '';
      const email = request.email.trim();
      const comment = multiLineText('comment', request.comment, MAX_LENGTH.comment) ?? '';
      const telephone = singleLineText('telephone', request.telephone, MAX_LENGTH.telephone);
      if (!name) throw inputError('Enter the Name and try again.');
      if (!comment) throw inputError('Enter the comment and try again.');
      if (!isValidEmail(email))
        throw inputError('The email address is invalid. Verify the email address and try again.');
      if (
        name.length > MAX_LENGTH.name ||
        email.length > MAX_LENGTH.email ||
        (telephone?.length ?? 0) > MAX_LENGTH.telephone ||
        comment.length > MAX_LENGTH.comment
      ) {
        throw inputError('The message is too long. Shorten it and try again.');
      }
      if (client !== 'unknown') await options.rateLimits.consume(RATE_RULES.contactPerClient, client);
      const createdAt = options.now().toISOString();
      const config = await readStoreConfigValues(db, ['store_name', 'contact_recipient_email'] as const);
      const value = (key: keyof typeof config) => config[key];
      const mail = renderContactMail({
        storeName: value('store_name') ?? 'Vela',
        name,
        email,
        telephone,
        comment,
        createdAt,
      });
      // The message and its e-mail are written together: neither is lost without the other.
      await inWriteTransaction(db, async (uow) => {
        const trx = uow.db;
        const id = await nextId(trx, 'contact_message');
        await trx
          .insertInto('contact_message')
          .values({ id, name, email, telephone, comment, created_at: createdAt })
          .execute();
        await options.mailOutbox?.enqueue(
          uow,
          { kind: 'message', message: { to: value('contact_recipient_email') ?? DEFAULT_CONTACT_RECIPIENT, ...mail } },
          `contact-${id}`,
        );
      });
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
