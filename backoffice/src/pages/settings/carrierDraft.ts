import type { ShippingSettingsFieldsFragment } from '../../__generated__/graphql';
import { ALL_OTHERS, newRowKey } from './settingsValues';

type Carrier = ShippingSettingsFieldsFragment['carriers'][number];

export interface CarrierDraft {
  code: string;
  kind: Carrier['kind'];
  active: boolean;
  title: string;
  methodTitle: string;
  price: string;
  priceType: 'PER_ITEM' | 'PER_ORDER';
  freeThreshold: string;
  rates: Array<{ key: number; countryId: string; price: string }>;
}

export function carrierDraft(carrier: Carrier): CarrierDraft {
  return {
    code: carrier.code,
    kind: carrier.kind,
    active: carrier.active,
    title: carrier.title,
    methodTitle: carrier.methodTitle,
    price: carrier.price ? String(carrier.price.value) : '',
    priceType: carrier.priceType ?? 'PER_ORDER',
    freeThreshold: carrier.freeThreshold ? String(carrier.freeThreshold.value) : '',
    rates: carrier.tableRates.map((rate) => ({
      key: newRowKey(),
      countryId: rate.countryId ?? ALL_OTHERS,
      price: String(rate.price.value),
    })),
  };
}
