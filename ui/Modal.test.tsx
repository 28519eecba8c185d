import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { Drawer } from './Drawer';
import { Modal } from './Modal';

function Harness({ variant }: { variant: 'modal' | 'drawer' }) {
  const [open, setOpen] = useState(false);
  const Surface = variant === 'modal' ? Modal : Drawer;
  return (
    <IntlProvider locale="en-US" defaultLocale="en-US">
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Behind</button>
      <Surface open={open} onClose={() => setOpen(false)} title="Sizes">
        <a href="/guide">Size guide</a>
        <button type="button">Last</button>
      </Surface>
    </IntlProvider>
  );
}

afterEach(cleanup);

describe.each(['modal', 'drawer'] as const)('%s', (variant) => {
  it('moves focus inside, traps Tab, closes on Escape and gives focus back to the opener', () => {
    render(<Harness variant={variant} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Sizes' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const close = screen.getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    expect(document.body.style.overflow).toBe('hidden');

    const last = screen.getByRole('button', { name: 'Last' });
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);

    act(() => {
      fireEvent.keyDown(last, { key: 'Escape' });
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('');
  });

  it('closes from the close button and from a click on the backdrop, not from a click inside', () => {
    render(<Harness variant={variant} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.mouseDown(screen.getByRole('link', { name: 'Size guide' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('dialog').parentElement as HTMLElement);
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
