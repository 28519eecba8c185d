import { Image } from '@vela/ui/Image';
import type { CartLine } from './cartLines';
import styles from './CartThumbnail.module.css';

interface CartThumbnailProps {
  image: CartLine['image'];
  /** Rendered size in CSS pixels; images are 4:5 portraits. */
  width: number;
}

export function CartThumbnail({ image, width }: CartThumbnailProps) {
  const height = Math.round((width * 5) / 4);
  if (!image) return <span className={styles.placeholder} style={{ width, height }} aria-hidden="true" />;
  // The product name sits next to the picture, so the picture itself is decorative.
  return (
    <Image
      className={styles.image}
      src={image.url}
      alt=""
      width={width}
      height={height}
      widths={[width, width * 2]}
      sizes={`${width}px`}
    />
  );
}
