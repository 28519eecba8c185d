import type { CSSProperties } from 'react';
import styles from './Skeleton.module.css';

interface SkeletonProps {
  /** CSS length or number of pixels; full width by default. */
  width?: number | string;
  /** CSS length or number of pixels; one line of text by default. */
  height?: number | string;
  /** Keeps the box of content with a known aspect ratio (e.g. `4 / 5` for product images). */
  aspectRatio?: string;
  shape?: 'rect' | 'text' | 'circle';
  className?: string;
}

/**
 * A placeholder that holds the final content's box while it loads, so nothing shifts when it
 * arrives. Decorative: pair it with a Spinner or aria-busy on the region for screen readers.
 */
export function Skeleton({ width, height, aspectRatio, shape = 'rect', className }: SkeletonProps) {
  const style: CSSProperties = { width, height: aspectRatio ? undefined : height, aspectRatio };
  return (
    <span
      aria-hidden="true"
      className={[styles.skeleton, styles[shape], className].filter(Boolean).join(' ')}
      style={style}
    />
  );
}
