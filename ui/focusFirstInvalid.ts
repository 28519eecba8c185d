import type { RefObject } from 'react';

/**
 * Moves focus to the form's first field marked invalid, after the next frame: the render that
 * sets `aria-invalid` from the new errors has to land first.
 */
export function focusFirstInvalid(formRef: RefObject<HTMLFormElement | null>): void {
  requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
