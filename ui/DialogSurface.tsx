import { X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import styles from './DialogSurface.module.css';
import { Icon } from './Icon';
import { useDialogBehaviour } from './useDialogBehaviour';

export interface DialogSurfaceProps {
  open: boolean;
  onClose: () => void;
  /** Heading of the dialog; also its accessible name. */
  title: ReactNode;
  children: ReactNode;
  /** Layout classes of the variant (Modal, Drawer). */
  backdropClassName: string;
  panelClassName: string;
}

/** The shared body of Modal and Drawer; the variants only decide where the panel sits. */
export function DialogSurface({
  open,
  onClose,
  title,
  children,
  backdropClassName,
  panelClassName,
}: DialogSurfaceProps) {
  const intl = useIntl();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  // Portals need document.body, which only exists after hydration.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  useDialogBehaviour(open && mounted, panelRef, onClose);

  if (!open || !mounted) return null;
  return createPortal(
    // A click on the backdrop closes, as Escape does (useDialogBehaviour): the keyboard path exists.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      className={`${styles.backdrop} ${backdropClassName}`}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`${styles.panel} ${panelClassName}`}
      >
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button
            type="button"
            className={styles.close}
            onClick={onClose}
            aria-label={intl.formatMessage({ id: 'ui.dialog.close', defaultMessage: 'Close' })}
          >
            <Icon icon={X} />
          </button>
        </div>
        <div className={styles.body}>{children}</div>
      </div>
    </div>,
    document.body,
  );
}
