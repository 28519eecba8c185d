import { storedString } from '../../data/storedString';

// The products this browser opened last, newest first, by SKU (Magento's products filter takes
// `sku: { in: [...] }`). One more than is shown is kept, so the page of one of them still shows 8 others.
export const RECENTLY_VIEWED_STORAGE_KEY = 'vela.recentlyViewed';
export const RECENTLY_VIEWED_SHOWN = 8;
const KEPT = RECENTLY_VIEWED_SHOWN + 1;
const MAX_SKU_LENGTH = 64;

const store = storedString(RECENTLY_VIEWED_STORAGE_KEY);

function parse(text: string | null): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value
      .filter((sku): sku is string => typeof sku === 'string' && sku !== '' && sku.length <= MAX_SKU_LENGTH)
      .slice(0, KEPT);
  } catch {
    // Something else wrote the key: start again.
    return [];
  }
}

// The same text gives the same array, so a reader that compares snapshots sees no change.
let lastText: string | null = null;
let lastValue: string[] = [];

export function readRecentlyViewed(): string[] {
  const text = store.read();
  if (text !== lastText) {
    lastText = text;
    lastValue = parse(text);
  }
  return lastValue;
}

/** Puts `sku` first, drops its older place and the oldest beyond what is kept. */
export function recordRecentlyViewed(sku: string): void {
  if (!sku || sku.length > MAX_SKU_LENGTH) return;
  const current = readRecentlyViewed();
  if (current[0] === sku) return;
  store.write(JSON.stringify([sku, ...current.filter((s) => s !== sku)].slice(0, KEPT)));
}

export const subscribeRecentlyViewed = store.subscribe;
