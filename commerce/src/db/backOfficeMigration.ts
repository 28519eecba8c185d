import type { Migration } from 'kysely';
import type { UntypedDb } from './untyped';

/** Tables of the back office whose ids come from id_sequence (see idSequence.ts). */
export const BACK_OFFICE_SEQUENCED_TABLES = [
  'staff_user',
  'audit_log',
  'sales_invoice',
  'sales_shipment',
  'sales_creditmemo',
  'sales_order_comment',
] as const;

// The back office: staff accounts (apart from customers), their sessions, the audit log, and an
// order's documents after it is placed (invoice, shipments with tracking, refunds, comments).
// Session tokens are stored as sha256 digests only, like customer tokens: a copied row is not a
// live credential. A TOTP secret must be readable to check codes, so it is stored as it is; the
// database is as secret as the password hashes in it.
export function backOfficeMigration(): Migration {
  return {
    async up(db: UntypedDb) {
      await db.schema
        .createTable('staff_user')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('totp_secret', 'text')
        // The last time step a code was accepted for: a code works once (RFC 6238, section 5.2).
        .addColumn('totp_last_step', 'bigint')
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('failures_num', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('first_failure', 'text')
        .addColumn('lock_expires', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('staff_session')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('staff_id', 'integer', (c) => c.notNull())
        // 'password': the password was right, the second factor is still due; 'full': signed in.
        .addColumn('stage', 'text', (c) => c.notNull())
        .addColumn('csrf_token', 'text', (c) => c.notNull())
        // A secret offered at enrolment, kept until its first code proves the authenticator has it.
        .addColumn('pending_totp_secret', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('staff_session_staff_idx').on('staff_session').column('staff_id').execute();

      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('staff_id', 'integer')
        .addColumn('staff_email', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('entity_type', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'text', (c) => c.notNull())
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('audit_log_entity_idx')
        .on('audit_log')
        .columns(['entity_type', 'entity_id'])
        .execute();

      await db.schema
        .createTable('sales_invoice')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('order_id', 'integer', (c) => c.notNull().unique())
        .addColumn('number', 'text', (c) => c.notNull().unique())
        .addColumn('grand_total', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('sales_shipment')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('order_id', 'integer', (c) => c.notNull())
        .addColumn('number', 'text', (c) => c.notNull().unique())
        .addColumn('carrier', 'text', (c) => c.notNull())
        .addColumn('carrier_title', 'text', (c) => c.notNull())
        .addColumn('tracking_number', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sales_shipment_order_idx').on('sales_shipment').column('order_id').execute();

      await db.schema
        .createTable('sales_creditmemo')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('order_id', 'integer', (c) => c.notNull())
        .addColumn('number', 'text', (c) => c.notNull().unique())
        .addColumn('subtotal', 'integer', (c) => c.notNull())
        .addColumn('shipping', 'integer', (c) => c.notNull())
        .addColumn('tax', 'integer', (c) => c.notNull())
        .addColumn('grand_total', 'integer', (c) => c.notNull())
        // JSON: [{ line, quantity, amount }]
        .addColumn('lines', 'text', (c) => c.notNull())
        .addColumn('returned_to_stock', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sales_creditmemo_order_idx').on('sales_creditmemo').column('order_id').execute();

      await db.schema
        .createTable('sales_order_comment')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('order_id', 'integer', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        // Shown to the customer in their order history when 1.
        .addColumn('is_visible_to_customer', 'integer', (c) => c.notNull())
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sales_order_comment_order_idx')
        .on('sales_order_comment')
        .column('order_id')
        .execute();

      // Per-line progress, so a refund or a shipment can never exceed what was ordered.
      await db.schema
        .alterTable('sales_order_item')
        .addColumn('qty_refunded', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('sales_order')
        .addColumn('total_paid', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('sales_order')
        .addColumn('total_refunded', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('sales_order').addColumn('updated_at', 'text').execute();
      await db.schema
        .createIndex('sales_order_status_idx')
        .on('sales_order')
        .columns(['status', 'created_at'])
        .execute();
      await db.schema.createIndex('sales_order_created_idx').on('sales_order').column('created_at').execute();

      // The import a merchant started from the back office, so its progress can be read from any
      // server process.
      await db.schema
        .createTable('catalog_import_job')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('staff_id', 'integer', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('dry_run', 'integer', (c) => c.notNull())
        .addColumn('rows_done', 'integer', (c) => c.notNull())
        .addColumn('rows_total', 'integer')
        // Progress by bytes of the file read: known from the start, unlike the number of rows.
        .addColumn('bytes_done', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('bytes_total', 'bigint', (c) => c.notNull())
        // JSON: the import's report once finished.
        .addColumn('report', 'text')
        .addColumn('error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .execute();

      for (const table of BACK_OFFICE_SEQUENCED_TABLES) {
        await db.insertInto('id_sequence').values({ name: table, value: 0 }).execute();
      }
    },
  };
}
