import { ArrowDown, ArrowUp, ImagePlus, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { defineMessages, type MessageDescriptor, useIntl } from 'react-intl';
import { Button } from '@vela/ui/Button';
import fieldStyles from '@vela/ui/Field.module.css';
import { Icon } from '@vela/ui/Icon';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../__generated__';
import type { AdminProductFieldsFragment } from '../__generated__/graphql';
import { ApiError, upload } from '../api/client';
import { ErrorMessage } from '../common/ui';
import styles from './ProductGallery.module.css';

// The product's gallery: its own form beside the product form, because images travel as files
// (a multipart request) and are saved as a whole list, in order, the first being the main image.

const SetProductImages = graphql(`
  mutation SetProductImages($sku: String!, $images: [AdminProductImageInput!]!, $files: [File!]) {
    setProductImages(sku: $sku, images: $images, files: $files) {
      ...AdminProductFields
    }
  }
`);

const m = defineMessages({
  images: { id: 'bo.gallery.images', defaultMessage: 'Images' },
  hint: {
    id: 'bo.gallery.hint',
    defaultMessage:
      'The first image is the main one, shown in lists and search. JPEG, PNG, GIF, WebP or AVIF, up to 20 MB each, at most {max} images.',
  },
  none: { id: 'bo.gallery.none', defaultMessage: 'No images.' },
  main: { id: 'bo.gallery.main', defaultMessage: 'Main image' },
  position: { id: 'bo.gallery.position', defaultMessage: 'Image {n}' },
  newImage: { id: 'bo.gallery.newImage', defaultMessage: 'New, not saved yet: {name}' },
  label: { id: 'bo.gallery.label', defaultMessage: 'Alternative text for image {n}' },
  moveUp: { id: 'bo.gallery.moveUp', defaultMessage: 'Move image {n} up' },
  moveDown: { id: 'bo.gallery.moveDown', defaultMessage: 'Move image {n} down' },
  remove: { id: 'bo.gallery.remove', defaultMessage: 'Remove image {n}' },
  add: { id: 'bo.gallery.add', defaultMessage: 'Add images' },
  save: { id: 'bo.gallery.save', defaultMessage: 'Save images' },
  saved: { id: 'bo.gallery.saved', defaultMessage: 'The images are saved.' },
  unsaved: { id: 'bo.gallery.unsaved', defaultMessage: 'The images have changes that are not saved.' },
  tooMany: { id: 'bo.gallery.tooMany', defaultMessage: 'A product can have at most {max} images.' },
  moved: { id: 'bo.gallery.moved', defaultMessage: 'Image moved to place {n}.' },
  removed: { id: 'bo.gallery.removed', defaultMessage: 'Image removed. Save images to keep the change.' },
});

const MAX_IMAGES = 20;

type Product = AdminProductFieldsFragment;
type Item = { key: string; label: string } & ({ url: string; file?: undefined } | { file: File; url?: undefined });

const itemsOf = (product: Product): Item[] =>
  product.images.map((image) => ({ key: image.url, url: image.url, label: image.label }));

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
  const t = (descriptor: MessageDescriptor, values?: Record<string, string | number>) =>
    intl.formatMessage(descriptor, values);
  const toast = useToast();
  const id = useId();
  const [items, setItems] = useState<Item[]>(() => itemsOf(product));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLOListElement>(null);

  // Previews of chosen files, released when they leave the list.
  const previews = useMemo(
    () => new Map(items.flatMap((item) => (item.file ? [[item.key, URL.createObjectURL(item.file)] as const] : []))),
    [items],
  );
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);

  const saved = JSON.stringify(itemsOf(product).map(({ url, label }) => [url, label]));
  const dirty = JSON.stringify(items.map((item) => [item.url ?? item.key, item.label])) !== saved;

  /** Focus follows the moved image: the same arrow, or the other one where that arrow is disabled. */
  const focusArrow = (index: number, arrow: 'up' | 'down') =>
    requestAnimationFrame(() => {
      const row = listRef.current?.querySelectorAll<HTMLElement>(':scope > li')[index];
      const wanted = row?.querySelector<HTMLButtonElement>(`[data-control="${arrow}"]`);
      const other = row?.querySelector<HTMLButtonElement>(`[data-control="${arrow === 'up' ? 'down' : 'up'}"]`);
      (wanted && !wanted.disabled ? wanted : other)?.focus();
    });

  const move = (from: number, to: number) => {
    setItems((list) => {
      const next = [...list];
      const [item] = next.splice(from, 1);
      next.splice(to, 0, item!);
      return next;
    });
    setAnnouncement(t(m.moved, { n: to + 1 }));
    focusArrow(to, to < from ? 'up' : 'down');
  };

  const remove = (index: number) => {
    setItems((list) => list.filter((_, i) => i !== index));
    setAnnouncement(t(m.removed));
    requestAnimationFrame(() => {
      const labels = listRef.current?.querySelectorAll<HTMLElement>('[data-control="label"]');
      if (labels && labels.length > 0) labels[Math.min(index, labels.length - 1)]?.focus();
      else fileInput.current?.focus();
    });
  };

  const add = (files: readonly File[]) => {
    if (files.length === 0) return;
    if (items.length + files.length > MAX_IMAGES) {
      setError(t(m.tooMany, { max: MAX_IMAGES }));
      return;
    }
    setError(null);
    setItems((list) => [
      ...list,
      ...files.map((file, i) => ({ key: `new-${Date.now()}-${i}-${file.name}`, file, label: '' })),
    ]);
  };

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
      setError(caught instanceof ApiError || caught instanceof Error ? caught.message : String(caught));
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
        <ol ref={listRef} className={styles.list}>
          {items.map((item, index) => {
            const n = index + 1;
            const src = item.url ?? previews.get(item.key);
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
                          setItems((list) => list.map((it, i) => (i === index ? { ...it, label } : it)));
                        }}
                      />
                      <div className={styles.actions}>
                        <Button
                          type="button"
                          variant="secondary"
                          data-control="up"
                          disabled={index === 0}
                          aria-label={t(m.moveUp, { n })}
                          onClick={() => move(index, index - 1)}
                        >
                          <Icon icon={ArrowUp} size={18} />
                        </Button>
                        <Button
                          type="button"
                          variant="secondary"
                          data-control="down"
                          disabled={index === items.length - 1}
                          aria-label={t(m.moveDown, { n })}
                          onClick={() => move(index, index + 1)}
                        >
                          <Icon icon={ArrowDown} size={18} />
                        </Button>
                        <Button
                          type="button"
                          variant="secondary"
                          aria-label={t(m.remove, { n })}
                          onClick={() => remove(index)}
                        >
                          <Icon icon={Trash2} size={18} />
                        </Button>
                      </div>
                    </>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <p className="visually-hidden" role="status">
        {announcement}
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
                add([...(event.target.files ?? [])]);
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
