import type {
  MutationUpdatePaymentInstructionsArgs,
  MutationUpdatePaymentSettingsArgs,
  MutationUpdateShippingSettingsArgs,
  MutationUpdateStoreSettingsArgs,
  MutationUpdateTaxRatesArgs,
} from '../../__generated__/backOfficeResolvers';
import { ALL_OTHER_COUNTRIES, type ShippingSettings } from '../../domains/shipping';
import type { TaxRateRecord } from '../../domains/tax';
import { fieldError } from '../../kernel/formInput';
import { money } from '../../kernel/money';
import type { BackOfficeContext } from '../backOfficeContext';

const KIND = { flatrate: 'FLAT_RATE', freeshipping: 'FREE_SHIPPING', tablerate: 'TABLE_RATE' } as const;

function shippingView(settings: ShippingSettings, countryNames: Map<string, string>) {
  const currency = settings.baseCurrency;
  return {
    baseCurrency: currency,
    carriers: settings.carriers.map(({ carrier, tableRates }) => ({
      code: carrier.code,
      kind: KIND[carrier.kind],
      active: carrier.is_active === 1,
      title: carrier.title,
      methodTitle: carrier.method_title,
      price: carrier.kind === 'flatrate' ? money(carrier.price, currency) : null,
      priceType: carrier.kind === 'flatrate' ? carrier.price_type.toUpperCase() : null,
      freeThreshold: carrier.kind === 'freeshipping' ? money(carrier.free_threshold ?? 0, currency) : null,
      tableRates: tableRates.map((rate) => ({
        countryId: rate.country_id === ALL_OTHER_COUNTRIES ? null : rate.country_id,
        countryName:
          rate.country_id === ALL_OTHER_COUNTRIES ? null : (countryNames.get(rate.country_id) ?? rate.country_id),
        price: money(rate.price, currency),
      })),
    })),
  };
}

function taxRateView({ rate, countryName, region }: TaxRateRecord) {
  return {
    id: String(rate.id),
    countryId: rate.country_id,
    countryName,
    region: region && { id: String(region.id), code: region.code, name: region.name },
    ratePercent: rate.rate_ppm / 10_000,
    label: rate.label,
  };
}

/** An id typed by hand into a request: a positive whole number, or refused naming the field. */
function numericId(field: string, label: string, id: string): number {
  const n = Number(id);
  if (!/^\d+$/.test(id) || !Number.isSafeInteger(n) || n < 1)
    throw fieldError(field, `${label}: "${id}" is not an id.`);
  return n;
}

export const settingsResolvers = {
  Query: {
    async settings(_: unknown, __: unknown, context: BackOfficeContext) {
      const settings = context.services.settings;
      const [store, shipping, taxRates, paymentMethods, paymentInstructions, names] = await Promise.all([
        settings.store(),
        settings.shipping(),
        settings.taxRates(),
        settings.paymentMethods(),
        settings.paymentInstructions(),
        settings.countryNames(),
      ]);
      return {
        store,
        shipping: shippingView(shipping, names),
        taxRates: taxRates.map(taxRateView),
        paymentMethods,
        paymentInstructions,
      };
    },
    settingsCountries: (_: unknown, __: unknown, context: BackOfficeContext) =>
      context.services.settings
        .countriesWithRegions()
        .then((countries) =>
          countries.map((c) => ({ ...c, regions: c.regions.map((r) => ({ ...r, id: String(r.id) })) })),
        ),
  },
  Mutation: {
    updateStoreSettings: (_: unknown, args: MutationUpdateStoreSettingsArgs, context: BackOfficeContext) =>
      context.services.settings.updateStore(args.input, context.actor),
    async updateShippingSettings(_: unknown, args: MutationUpdateShippingSettingsArgs, context: BackOfficeContext) {
      const settings = await context.services.settings.updateShipping(
        args.carriers.map((carrier) => ({
          ...carrier,
          priceType: carrier.priceType ? (carrier.priceType.toLowerCase() as 'per_item' | 'per_order') : null,
          tableRates: carrier.tableRates?.map((rate) => ({
            countryId: rate.countryId?.trim() || ALL_OTHER_COUNTRIES,
            price: rate.price,
          })),
        })),
        context.actor,
      );
      return shippingView(settings, await context.services.settings.countryNames());
    },
    async updateTaxRates(_: unknown, args: MutationUpdateTaxRatesArgs, context: BackOfficeContext) {
      const rates = await context.services.settings.replaceTaxRates(
        args.rates.map((rate, index) => ({
          id: rate.id === null || rate.id === undefined ? null : numericId(`taxRates.${index}.id`, 'Tax rate', rate.id),
          countryId: rate.countryId,
          regionId:
            rate.regionId === null || rate.regionId === undefined || rate.regionId === ''
              ? null
              : numericId(`taxRates.${index}.regionId`, 'Region', rate.regionId),
          ratePercent: rate.ratePercent,
          label: rate.label,
        })),
        context.actor,
      );
      return rates.map(taxRateView);
    },
    updatePaymentSettings: (_: unknown, args: MutationUpdatePaymentSettingsArgs, context: BackOfficeContext) =>
      context.services.settings.updatePaymentMethods(args.methods, context.actor),
    updatePaymentInstructions: (_: unknown, args: MutationUpdatePaymentInstructionsArgs, context: BackOfficeContext) =>
      context.services.settings.updatePaymentInstructions(args.input, context.actor),
  },
};
