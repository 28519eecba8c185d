import { Truck } from 'lucide-react';
import { Icon } from '@vela/ui/Icon';
import { CmsContent } from './CmsContent';
import styles from './DeliveryNote.module.css';

/** The merchant's block with delivery and returns terms, shown where shoppers decide to buy. */
export const DELIVERY_NOTE_BLOCK_IDENTIFIER = 'shipping-note';

/**
 * The block's HTML comes with the page's loader data rather than from a query of its own: a
 * watched query costs the product page's hydration more than the few lines it shows (issue 13).
 */
export function DeliveryNote({ html }: { html: string | null }) {
  if (!html) return null;
  return (
    <div className={styles.note}>
      <Icon icon={Truck} className={styles.icon} />
      <CmsContent html={html} className={styles.text} />
    </div>
  );
}
