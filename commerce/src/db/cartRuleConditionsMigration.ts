import type { Migration } from 'kysely';
import type { UntypedDb } from './untyped';

// Cart price rules with conditions (Magento's salesrule columns, kept as data): a condition tree
// on the cart and one choosing the items an action applies to, stored as validated JSON; the
// customer groups a rule is for; uses per customer (Magento's salesrule_customer); "stop further
// rules"; Magento's discount_step (buy X) and discount_qty (at most this many units); free shipping
// for matching items or for the whole cart; a label per store view.
// Orders placed by staff record the staff member who placed them.
export function cartRuleConditionsMigration(): Migration {
  return {
    async up(db: UntypedDb) {
      await db.schema.alterTable('sales_rule').addColumn('conditions', 'text').execute();
      await db.schema.alterTable('sales_rule').addColumn('action_conditions', 'text').execute();
      await db.schema.alterTable('sales_rule').addColumn('customer_group_ids', 'text').execute();
      await db.schema.alterTable('sales_rule').addColumn('uses_per_customer', 'integer').execute();
      await db.schema
        .alterTable('sales_rule')
        .addColumn('stop_rules_processing', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('sales_rule')
        .addColumn('discount_step', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('sales_rule').addColumn('discount_qty', 'integer').execute();
      await db.schema
        .alterTable('sales_rule')
        .addColumn('free_shipping', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('sales_rule').addColumn('store_labels', 'text').execute();

      await db.schema
        .createTable('sales_rule_customer')
        .addColumn('rule_id', 'integer', (c) => c.notNull())
        .addColumn('customer_id', 'integer', (c) => c.notNull())
        .addColumn('times_used', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('sales_rule_customer_pk', ['rule_id', 'customer_id'])
        .execute();

      await db.schema.alterTable('sales_order').addColumn('created_by_staff_id', 'integer').execute();
      // A cart staff opened for a customer (an order taken on the phone): only such carts are
      // reachable from the back office's order creation.
      await db.schema.alterTable('cart').addColumn('created_by_staff_id', 'integer').execute();
    },
  };
}
