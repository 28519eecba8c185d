import type { Kysely } from 'kysely';
import type { Database, ShippingCarrierTable, ShippingTableRateTable } from '../../db/tables';

export interface ShippingQuote {
  carrier_code: string;
  method_code: string;
  carrier_title: string;
  method_title: string;
  amount: number;
}

export interface ShippingRateSetup {
  carriers: ShippingCarrierTable[];
  tableRates: ShippingTableRateTable[];
}

export interface ShipmentFacts {
  countryId: string;
  itemCount: number;
  /** Subtotal after discounts, which the free-shipping threshold is measured against. */
  subtotalAfterDiscount: number;
  /** A cart price rule granted free shipping: every method is offered at 0. */
  freeShipping: boolean;
}

export async function loadShippingSetup(db: Kysely<Database>): Promise<ShippingRateSetup> {
  const [carriers, tableRates] = await Promise.all([
    db
      .selectFrom('shipping_carrier')
      .selectAll()
      .where('is_active', '=', 1)
      .orderBy('sort_order')
      .orderBy('code')
      .execute(),
    db.selectFrom('shipping_table_rate').selectAll().execute(),
  ]);
  return { carriers, tableRates };
}

function carrierPrice(carrier: ShippingCarrierTable, setup: ShippingRateSetup, facts: ShipmentFacts): number | null {
  switch (carrier.kind) {
    case 'flatrate':
      return carrier.price_type === 'per_item' ? carrier.price * facts.itemCount : carrier.price;
    case 'freeshipping':
      return facts.subtotalAfterDiscount >= (carrier.free_threshold ?? 0) ? 0 : null;
    case 'tablerate': {
      const rates = setup.tableRates.filter((r) => r.carrier_code === carrier.code);
      const rate = rates.find((r) => r.country_id === facts.countryId) ?? rates.find((r) => r.country_id === '*');
      return rate ? rate.price : null;
    }
  }
}

/** The methods a shipment to this destination can use, with their prices; unavailable ones are left out. */
export function quoteShippingMethods(setup: ShippingRateSetup, facts: ShipmentFacts): ShippingQuote[] {
  if (facts.itemCount <= 0) return [];
  return setup.carriers.flatMap((carrier) => {
    const price = carrierPrice(carrier, setup, facts);
    if (price === null) return [];
    return [
      {
        carrier_code: carrier.code,
        method_code: carrier.method_code,
        carrier_title: carrier.title,
        method_title: carrier.method_title,
        amount: facts.freeShipping ? 0 : price,
      },
    ];
  });
}
