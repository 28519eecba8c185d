import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { UpdatePrompt } from './UpdatePrompt';
import {
  type UpdateSource,
  acceptUpdate,
  isUpdateWaiting,
  resetServiceWorkerState,
  watchForUpdates,
} from './serviceWorkerRegistration';

/** Stands in for workbox-window's Workbox: events in, SKIP_WAITING messages out. */
class FakeWorkbox implements UpdateSource {
  readonly events = new EventTarget();
  skipWaitingMessages = 0;
  addEventListener(type: 'waiting' | 'controlling', listener: () => void) {
    this.events.addEventListener(type, listener);
  }
  messageSkipWaiting() {
    this.skipWaitingMessages += 1;
  }
  emit(type: 'waiting' | 'controlling') {
    this.events.dispatchEvent(new Event(type));
  }
}

function renderPrompt() {
  return render(
    <IntlProvider locale="en-US" defaultLocale="en-US">
      <UpdatePrompt register={false} />
    </IntlProvider>,
  );
}

afterEach(() => {
  cleanup();
  resetServiceWorkerState();
});

describe('the update flow', () => {
  it('shows nothing until a new worker waits, then offers a reload inside the status region', () => {
    const workbox = new FakeWorkbox();
    watchForUpdates(workbox);
    renderPrompt();
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');

    act(() => workbox.emit('waiting'));
    expect(region.textContent).toContain('A new version of the shop is available.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('asks the waiting worker to take over and reloads only once it controls the page', () => {
    const workbox = new FakeWorkbox();
    watchForUpdates(workbox);
    workbox.emit('waiting');
    let reloads = 0;
    acceptUpdate(() => (reloads += 1));
    expect(workbox.skipWaitingMessages).toBe(1);
    expect(isUpdateWaiting()).toBe(false);
    expect(reloads).toBe(0);
    workbox.emit('controlling');
    expect(reloads).toBe(1);
  });

  it('sends SKIP_WAITING when the shopper presses Reload, and can be put off with Later', () => {
    const workbox = new FakeWorkbox();
    watchForUpdates(workbox);
    renderPrompt();
    act(() => workbox.emit('waiting'));
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
    expect(workbox.skipWaitingMessages).toBe(0);

    cleanup();
    renderPrompt();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(workbox.skipWaitingMessages).toBe(1);
  });

  it('does nothing when no worker waits', () => {
    expect(() =>
      acceptUpdate(() => {
        throw new Error('must not reload');
      }),
    ).not.toThrow();
  });
});
