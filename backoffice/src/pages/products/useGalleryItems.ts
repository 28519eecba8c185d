import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { AdminProductFieldsFragment as Product } from '../../__generated__/graphql';
import { m } from './galleryMessages';

export const MAX_IMAGES = 20;

/** An image of the list: saved (its URL) or chosen in this visit (its file). */
export type GalleryItem = { key: string; label: string } & (
  { url: string; file?: undefined } | { file: File; url?: undefined }
);

export const itemsOf = (product: Product): GalleryItem[] =>
  product.images.map((image) => ({ key: image.url, url: image.url, label: image.label }));

/**
 * The gallery's list as edited before it is saved: moving (focus follows the image), removing
 * (focus goes to the next one), adding files (previews released when they leave), each announced.
 */
export function useGalleryItems(
  product: Product,
  fileInput: RefObject<HTMLInputElement | null>,
  setError: (error: string | null) => void,
) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const [items, setItems] = useState<GalleryItem[]>(() => itemsOf(product));
  const [announcement, setAnnouncement] = useState('');
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

  const setLabel = (index: number, label: string) =>
    setItems((list) => list.map((it, i) => (i === index ? { ...it, label } : it)));

  return { items, setItems, previews, dirty, announcement, listRef, move, remove, add, setLabel };
}
