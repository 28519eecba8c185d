import type { ReactNode } from 'react';
import { DialogSurface } from './DialogSurface';
import styles from './Modal.module.css';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
}

/** A centred dialog: focus stays inside, Escape or the backdrop closes it, focus returns after. */
export function Modal(props: ModalProps) {
  return <DialogSurface {...props} backdropClassName={styles.backdrop ?? ''} panelClassName={styles.panel ?? ''} />;
}
