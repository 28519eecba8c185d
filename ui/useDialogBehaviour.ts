import { type RefObject, useEffect, useRef } from 'react';

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

export function focusableWithin(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[inert]') && !element.hidden,
  );
}

/**
 * What every modal surface (Modal, Drawer) must do while open: move focus inside, keep Tab
 * cycling inside, close on Escape, stop the page behind from scrolling, and give focus back to
 * whatever opened it once it closes.
 */
export function useDialogBehaviour(
  open: boolean,
  surfaceRef: RefObject<HTMLElement | null>,
  onClose: () => void,
): void {
  // The latest onClose without re-running the effect (and re-stealing focus) on every render.
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const surface = surfaceRef.current;
    if (!open || !surface) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const autoFocus = surface.querySelector<HTMLElement>('[data-autofocus]') ?? focusableWithin(surface)[0] ?? surface;
    autoFocus.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = focusableWithin(surface);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !surface.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !surface.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);

    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';

    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.body.style.overflow = overflow;
      // The opener may have gone (e.g. a menu link navigated away); then focus stays where it is.
      if (opener?.isConnected) opener.focus();
    };
  }, [open, surfaceRef]);
}
