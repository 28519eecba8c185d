import type { TaxRateFieldsFragment } from '../../__generated__/graphql';
import { newRowKey } from './settingsValues';

export interface TaxDraft {
  key: number;
  id: string | null;
  countryId: string;
  regionId: string;
  ratePercent: string;
  label: string;
}

export const taxDraft = (rate: TaxRateFieldsFragment): TaxDraft => ({
  key: newRowKey(),
  id: rate.id,
  countryId: rate.countryId,
  regionId: rate.region?.id ?? '',
  ratePercent: String(rate.ratePercent),
  label: rate.label,
});
