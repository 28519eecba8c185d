import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Button } from '@vela/ui/Button';
import fieldStyles from '@vela/ui/Field.module.css';
import { Icon } from '@vela/ui/Icon';
import styles from '../ProductGallery.module.css';
import { m } from './galleryMessages';
import type { GalleryItem as Item } from './useGalleryItems';

/** One image of the gallery: its place, its alternative text, and the buttons that move or remove it. */
export function GalleryItem({
  id,
  item,
  index,
  last,
  src,
  readOnly,
  onLabel,
  onMove,
  onRemove,
}: {
  id: string;
  item: Item;
  index: number;
  last: boolean;
  src: string | undefined;
  readOnly: boolean;
  onLabel: (label: string) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const n = index + 1;
  return (
    <li key={item.key} className={styles.item}>
      {src && <img src={src} alt="" width={96} height={120} loading="lazy" />}
      <div className={styles.fields}>
        <p className={styles.place}>
          <strong>{index === 0 ? t(m.main) : t(m.position, { n })}</strong>
          {item.file && <span className="bo-muted"> · {t(m.newImage, { name: item.file.name })}</span>}
        </p>
        {readOnly ? (
          <p>{item.label || '—'}</p>
        ) : (
          <>
            <label className={fieldStyles.label} htmlFor={`${id}-label-${index}`}>
              {t(m.label, { n })}
            </label>
            <input
              id={`${id}-label-${index}`}
              data-control="label"
              className={fieldStyles.control}
              value={item.label}
              maxLength={255}
              onChange={(event) => {
                const label = event.target.value;
                onLabel(label);
              }}
            />
            <div className={styles.actions}>
              <Button
                type="button"
                variant="secondary"
                data-control="up"
                disabled={index === 0}
                aria-label={t(m.moveUp, { n })}
                onClick={() => onMove(index, index - 1)}
              >
                <Icon icon={ArrowUp} size={18} />
              </Button>
              <Button
                type="button"
                variant="secondary"
                data-control="down"
                disabled={last}
                aria-label={t(m.moveDown, { n })}
                onClick={() => onMove(index, index + 1)}
              >
                <Icon icon={ArrowDown} size={18} />
              </Button>
              <Button type="button" variant="secondary" aria-label={t(m.remove, { n })} onClick={() => onRemove(index)}>
                <Icon icon={Trash2} size={18} />
              </Button>
            </div>
          </>
        )}
      </div>
    </li>
  );
}
