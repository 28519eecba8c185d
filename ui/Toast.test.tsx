import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast } from './Toast';

function Trigger({ message, tone }: { message: string; tone?: 'info' | 'success' | 'error' }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.show(message, { tone })}>
      {message}
    </button>
  );
}

function renderToasts() {
  return render(
    <IntlProvider locale="en-US" defaultLocale="en-US">
      <ToastProvider>
        <Trigger message="Added to cart" tone="success" />
        <Trigger message="Could not add" tone="error" />
      </ToastProvider>
    </IntlProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Toast', () => {
  it('announces messages in a polite live region that exists before the first toast', () => {
    renderToasts();
    const region = screen.getByRole('status', { name: 'Notifications' });
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Added to cart' }));
    expect(within(region).getByText('Added to cart')).toBeTruthy();
  });

  it('shows a repeated message once and dismisses on request', () => {
    renderToasts();
    const region = screen.getByRole('status');
    fireEvent.click(screen.getByRole('button', { name: 'Added to cart' }));
    fireEvent.click(screen.getByRole('button', { name: 'Added to cart' }));
    expect(within(region).getAllByText('Added to cart')).toHaveLength(1);
    fireEvent.click(within(region).getByRole('button', { name: 'Dismiss notification' }));
    expect(within(region).queryByText('Added to cart')).toBeNull();
  });

  it('goes away by itself, errors later than other messages', () => {
    vi.useFakeTimers();
    renderToasts();
    const region = screen.getByRole('status');
    fireEvent.click(screen.getByRole('button', { name: 'Added to cart' }));
    fireEvent.click(screen.getByRole('button', { name: 'Could not add' }));
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(within(region).queryByText('Added to cart')).toBeNull();
    expect(within(region).getByText('Could not add')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(within(region).queryByText('Could not add')).toBeNull();
  });
});
