import { useEffect } from 'react';
import { recordRecentlyViewed } from './recentlyViewedStore';

/** Remembers that the shopper opened this product (after hydration: the server never stores it). */
export function RecordRecentlyViewed({ sku }: { sku: string }) {
  useEffect(() => recordRecentlyViewed(sku), [sku]);
  return null;
}
