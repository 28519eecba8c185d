import type { Kysely } from 'kysely';
import type {
  Database,
  SalesCouponTable,
  SalesRuleTable,
  ShippingCarrierTable,
  ShippingTableRateTable,
  TaxRateTable,
} from '../db/tables';
import { PLAIN_RULE_CONDITIONS } from '../db/tables';
import { MAGENTO_FLAT_RATE } from '../domains/store';

const CHECKOUT_TABLES = ['sales_coupon', 'sales_rule', 'shipping_table_rate', 'shipping_carrier', 'tax_rate'] as const;

const rule = (
  r: Pick<SalesRuleTable, 'id' | 'name' | 'label' | 'action' | 'amount'> & Partial<SalesRuleTable>,
): SalesRuleTable => ({
  min_subtotal: 0,
  from_date: null,
  to_date: null,
  uses_limit: null,
  times_used: 0,
  is_active: 1,
  sort_order: 0,
  ...PLAIN_RULE_CONDITIONS,
  ...r,
});

export const DEMO_SALES_RULES: SalesRuleTable[] = [
  rule({ id: 1, name: 'Welcome 10 % off', label: 'Welcome 10% off', action: 'by_percent', amount: 1000 }),
  rule({ id: 2, name: 'Free shipping coupon', label: 'Free shipping', action: 'free_shipping', amount: 0 }),
  rule({
    id: 3,
    name: '$20 off orders over $100',
    label: '$20 off orders over $100',
    action: 'cart_fixed',
    amount: 2000,
    min_subtotal: 10000,
  }),
];

export const DEMO_COUPONS: SalesCouponTable[] = [
  { code: 'WELCOME10', rule_id: 1, usage_limit: null, times_used: 0 },
  { code: 'FREESHIP', rule_id: 2, usage_limit: null, times_used: 0 },
  { code: 'SAVE20', rule_id: 3, usage_limit: null, times_used: 0 },
];

// Titles written for shoppers (what they get and when it arrives), not Magento's admin names; the
// free option says why it is offered (it only is once the subtotal reaches the threshold).
export const DEMO_CARRIERS: ShippingCarrierTable[] = [
  { ...MAGENTO_FLAT_RATE, title: 'Standard delivery', method_title: '3–5 working days' },
  {
    code: 'freeshipping',
    kind: 'freeshipping',
    title: 'Free delivery',
    method_code: 'freeshipping',
    method_title: 'Your order qualifies · 3–5 working days',
    price: 0,
    price_type: 'per_order',
    free_threshold: 7500,
    is_active: 1,
    sort_order: 20,
  },
  {
    code: 'tablerate',
    kind: 'tablerate',
    title: 'Express delivery',
    method_code: 'bestway',
    method_title: '1–2 working days',
    price: 0,
    price_type: 'per_order',
    free_threshold: null,
    is_active: 1,
    sort_order: 30,
  },
];

export const DEMO_TABLE_RATES: ShippingTableRateTable[] = [
  { carrier_code: 'tablerate', country_id: 'US', price: 800 },
  { carrier_code: 'tablerate', country_id: 'CA', price: 1500 },
  { carrier_code: 'tablerate', country_id: 'DE', price: 1200 },
  { carrier_code: 'tablerate', country_id: '*', price: 2500 },
];

/** Tax rates by destination; region ids are looked up in the directory when seeding. */
const DEMO_TAX: Array<{ country: string; region: string | null; ppm: number; label: string }> = [
  { country: 'US', region: 'CA', ppm: 72_500, label: 'US-CA Sales Tax' },
  { country: 'US', region: 'NY', ppm: 88_750, label: 'US-NY Sales Tax' },
  { country: 'DE', region: null, ppm: 190_000, label: 'DE VAT' },
  { country: 'FR', region: null, ppm: 200_000, label: 'TVA' },
  { country: 'CA', region: 'ON', ppm: 130_000, label: 'CA-ON HST' },
];

export async function isCheckoutConfigEmpty(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('shipping_carrier').select('code').limit(1).executeTakeFirst()) === undefined;
}

/** Replaces cart price rules, carriers and tax rates with the demo set (regions must be seeded). */
export async function seedDemoCheckout(db: Kysely<Database>): Promise<void> {
  for (const table of CHECKOUT_TABLES) await db.deleteFrom(table).execute();
  await db.insertInto('sales_rule').values(DEMO_SALES_RULES).execute();
  await db.insertInto('sales_coupon').values(DEMO_COUPONS).execute();
  await db.insertInto('shipping_carrier').values(DEMO_CARRIERS).execute();
  await db.insertInto('shipping_table_rate').values(DEMO_TABLE_RATES).execute();
  const regions = await db.selectFrom('region').select(['id', 'country_id', 'code']).execute();
  const rates: TaxRateTable[] = DEMO_TAX.flatMap((t, index) => {
    const regionId =
      t.region === null ? null : regions.find((r) => r.country_id === t.country && r.code === t.region)?.id;
    return regionId === undefined
      ? []
      : [{ id: index + 1, country_id: t.country, region_id: regionId, rate_ppm: t.ppm, label: t.label }];
  });
  if (rates.length > 0) await db.insertInto('tax_rate').values(rates).execute();
}
