import { act, cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineIndicator } from './OfflineIndicator';

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('OfflineIndicator', () => {
  it('announces going offline and clears when the connection returns', () => {
    render(
      <IntlProvider locale="en-US" defaultLocale="en-US">
        <OfflineIndicator />
      </IntlProvider>,
    );
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');
    act(() => goOffline(true));
    expect(region.textContent).toBe('Offline');
    act(() => goOffline(false));
    expect(region.textContent).toBe('');
  });
});
