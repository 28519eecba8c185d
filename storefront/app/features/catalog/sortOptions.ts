import { defineMessages } from 'react-intl';
import type { MessageDescriptor } from 'react-intl';

const messages = defineMessages({
  position: { id: 'catalog.sort.position', defaultMessage: 'Position' },
  relevance: { id: 'catalog.sort.relevance', defaultMessage: 'Best match' },
  name_asc: { id: 'catalog.sort.nameAsc', defaultMessage: 'Name A–Z' },
  name_desc: { id: 'catalog.sort.nameDesc', defaultMessage: 'Name Z–A' },
  price_asc: { id: 'catalog.sort.priceAsc', defaultMessage: 'Price: low to high' },
  price_desc: { id: 'catalog.sort.priceDesc', defaultMessage: 'Price: high to low' },
});

export interface SortOption {
  key: string;
  message: MessageDescriptor;
}

type SortField = { value?: string | null } | null | undefined;

const KEYS_BY_FIELD: Record<string, (keyof typeof messages)[]> = {
  position: ['position'],
  relevance: ['relevance'],
  name: ['name_asc', 'name_desc'],
  price: ['price_asc', 'price_desc'],
};

/**
 * The choices of the sort select, in the API's order. Fields the API offers but we cannot name
 * are left out (their direction would be a guess); the default always stays selectable.
 */
export function sortOptions(fields: readonly SortField[] | null | undefined, defaultKey: string): SortOption[] {
  const keys = new Set<keyof typeof messages>();
  for (const field of fields ?? []) for (const key of KEYS_BY_FIELD[field?.value ?? ''] ?? []) keys.add(key);
  if (defaultKey in messages) keys.add(defaultKey as keyof typeof messages);
  return [...keys].map((key) => ({ key, message: messages[key] }));
}
