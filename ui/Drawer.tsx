import type { ReactNode } from 'react';
import { DialogSurface } from './DialogSurface';
import styles from './Drawer.module.css';

interface DrawerProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Edge the sheet slides in from. */
  side?: 'left' | 'right';
}

/** A side sheet (menus, mini cart, filters) with the same focus and Escape rules as Modal. */
export function Drawer({ side = 'right', ...props }: DrawerProps) {
  return (
    <DialogSurface
      {...props}
      backdropClassName={`${styles.backdrop} ${styles[side]}`}
      panelClassName={styles.panel ?? ''}
    />
  );
}
