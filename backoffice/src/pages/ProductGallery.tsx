import { ImagePlus } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@vela/ui/Button';
import fieldStyles from '@vela/ui/Field.module.css';
import { Icon } from '@vela/ui/Icon';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../__generated__';
import type { AdminProductFieldsFragment } from '../__generated__/graphql';
import { upload } from '../api/client';
import { messageOf } from '../common/errorText';
import { ErrorMessage } from '../common/ui';
import styles from './ProductGallery.module.css';
import { GalleryItem } from './products/GalleryItem';
import { m } from './products/galleryMessages';
import { MAX_IMAGES, itemsOf, useGalleryItems } from './products/useGalleryItems';

// The product's gallery: its own form beside the product form, because images travel as files
// (a multipart request) and are saved as a whole list, in order, the first being the main image.

const SetProductImages = graphql(`
  mutation SetProductImages($sku: String!, $images: [AdminProductImageInput!]!, $files: [File!]) {
    setProductImages(sku: $sku, images: $images, files: $files) {
      ...AdminProductFields
    }
  }
`);

type Product = AdminProductFieldsFragment;

export function ProductGallery({
  product,
  readOnly,
  onSaved,
}: {
  product: Product;
  readOnly: boolean;
  onSaved: (product: Product) => void;
}) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const toast = useToast();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const gallery = useGalleryItems(product, fileInput, setError);
  const { items, setItems, previews, dirty } = gallery;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || readOnly) return;
    setError(null);
    setSaving(true);
    const files: File[] = [];
    const images = items.map((item) =>
      item.file
        ? { upload: files.push(item.file) - 1, label: item.label.trim() }
        : { url: item.url, label: item.label.trim() },
    );
    try {
      const result = await upload(SetProductImages, { sku: product.sku, images, files: null }, { files });
      setItems(itemsOf(result.setProductImages));
      if (fileInput.current) fileInput.current.value = '';
      toast.show(t(m.saved), { tone: 'success' });
      onSaved(result.setProductImages);
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="bo-card" aria-labelledby={`${id}-title`} onSubmit={(e) => void submit(e)} noValidate>
      <h2 id={`${id}-title`}>{t(m.images)}</h2>
      {!readOnly && (
        <p id={`${id}-hint`} className={fieldStyles.hint}>
          {t(m.hint, { max: MAX_IMAGES })}
        </p>
      )}
      {items.length === 0 ? (
        <p className="bo-muted">{t(m.none)}</p>
      ) : (
        <ol ref={gallery.listRef} className={styles.list}>
          {items.map((item, index) => (
            <GalleryItem
              key={item.key}
              id={id}
              item={item}
              index={index}
              last={index === items.length - 1}
              src={item.url ?? previews.get(item.key)}
              readOnly={readOnly}
              onLabel={(label) => gallery.setLabel(index, label)}
              onMove={gallery.move}
              onRemove={gallery.remove}
            />
          ))}
        </ol>
      )}
      <p className="visually-hidden" role="status">
        {gallery.announcement}
      </p>
      {!readOnly && (
        <>
          <div className={fieldStyles.field}>
            <label htmlFor={`${id}-files`} className={fieldStyles.label}>
              <Icon icon={ImagePlus} size={18} /> {t(m.add)}
            </label>
            <input
              ref={fileInput}
              id={`${id}-files`}
              type="file"
              accept=".jpg,.jpeg,.png,.gif,.webp,.avif,image/jpeg,image/png,image/gif,image/webp,image/avif"
              multiple
              className={`${fieldStyles.control} bo-file`}
              aria-describedby={`${id}-hint`}
              onChange={(event) => {
                gallery.add([...(event.target.files ?? [])]);
                event.target.value = '';
              }}
            />
          </div>
          {error && <ErrorMessage>{error}</ErrorMessage>}
          {dirty && <p className="bo-notice">{t(m.unsaved)}</p>}
          <Button type="submit" busy={saving} disabled={!dirty}>
            {t(m.save)}
          </Button>
        </>
      )}
    </form>
  );
}
