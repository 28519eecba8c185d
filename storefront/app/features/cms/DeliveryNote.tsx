import { Truck } from 'lucide-react';
import { Icon } from '../../ui/Icon';
import { CmsBlock } from './CmsBlock';
import styles from './DeliveryNote.module.css';

/** The merchant's block with delivery and returns terms, shown where shoppers decide to buy. */
export const DELIVERY_NOTE_BLOCK_IDENTIFIER = 'shipping-note';

export function DeliveryNote() {
  return (
    <div className={styles.note}>
      <Icon icon={Truck} className={styles.icon} />
      <CmsBlock identifier={DELIVERY_NOTE_BLOCK_IDENTIFIER} className={styles.text} />
    </div>
  );
}
