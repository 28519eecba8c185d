import { ImageOff } from 'lucide-react';
import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Icon } from '@vela/ui/Icon';
import { Image } from '@vela/ui/Image';
import type { GalleryImage } from './variantSelection';
import styles from './ProductGallery.module.css';

// Catalog images are 4:5 portraits at 1000 × 1250.
const WIDTH = 1000;
const HEIGHT = 1250;
const MAIN_WIDTHS = [360, 480, 640, 800, 1000];
const MAIN_SIZES = '(min-width: 900px) 50vw, 100vw';

interface ProductGalleryProps {
  images: readonly GalleryImage[];
  /** Alt text for images that have no label of their own. */
  productName: string;
}

/**
 * A scroll-snapping strip (swipe on phones) with thumbnail buttons that scroll it. Callers remount
 * it (key) when the image set changes, so the first image of a new variant is shown.
 */
export function ProductGallery({ images, productName }: ProductGalleryProps) {
  const intl = useIntl();
  const trackRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);

  if (images.length === 0) {
    return (
      <div
        className={styles.empty}
        role="img"
        aria-label={intl.formatMessage({ id: 'product.noImage', defaultMessage: 'No image available' })}
      >
        <Icon icon={ImageOff} size={48} />
      </div>
    );
  }

  const show = (index: number) => {
    setActive(index);
    const track = trackRef.current;
    if (track && typeof track.scrollTo === 'function') {
      const reduceMotion =
        typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      track.scrollTo({ left: index * track.clientWidth, behavior: reduceMotion ? 'auto' : 'smooth' });
    }
  };

  const onScroll = () => {
    const track = trackRef.current;
    if (!track || track.clientWidth === 0) return;
    const index = Math.round(track.scrollLeft / track.clientWidth);
    if (index !== active && index >= 0 && index < images.length) setActive(index);
  };

  const altFor = (image: GalleryImage) => image.label || productName;

  return (
    <section
      className={styles.gallery}
      aria-roledescription="carousel"
      aria-label={intl.formatMessage({ id: 'product.gallery', defaultMessage: 'Product images' })}
    >
      {/* Focusable so a keyboard can scroll it too (the thumbnails below also choose an image). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard (WCAG 2.1.1) */}
      <div ref={trackRef} className={styles.track} onScroll={onScroll} tabIndex={0}>
        {images.map((image, index) => (
          <div
            key={`${index}-${image.url}`}
            className={styles.slide}
            role="group"
            aria-roledescription="slide"
            aria-label={intl.formatMessage(
              { id: 'product.slide', defaultMessage: '{index} of {total}' },
              { index: index + 1, total: images.length },
            )}
            aria-hidden={index === active ? undefined : true}
          >
            <Image
              src={image.url}
              alt={altFor(image)}
              width={WIDTH}
              height={HEIGHT}
              widths={MAIN_WIDTHS}
              sizes={MAIN_SIZES}
              priority={index === 0}
              className={styles.image}
            />
          </div>
        ))}
      </div>
      {images.length > 1 && (
        <ul className={styles.thumbnails}>
          {images.map((image, index) => (
            <li key={`${index}-${image.url}`}>
              <button
                type="button"
                className={styles.thumbnail}
                aria-pressed={index === active}
                aria-label={intl.formatMessage(
                  { id: 'product.showImage', defaultMessage: 'Show image {index} of {total}: {label}' },
                  { index: index + 1, total: images.length, label: altFor(image) },
                )}
                onClick={() => show(index)}
              >
                <Image src={image.url} alt="" width={80} height={100} widths={[80, 160]} sizes="80px" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
