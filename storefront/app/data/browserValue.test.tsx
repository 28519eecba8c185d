import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { markPageHydrated, useBrowserValue } from './browserValue';

// Tells React that act() flushes updates here, as in the library's own test set-up.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let browserValue = 'mine';
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getSnapshot = () => browserValue;
function change(next: string) {
  browserValue = next;
  for (const listener of listeners) listener();
}

const firstRenders: string[] = [];
function Reader({ name }: { name: string }) {
  const value = useBrowserValue(subscribe, getSnapshot, 'none');
  if (!firstRenders.some((entry) => entry.startsWith(`${name}:`))) firstRenders.push(`${name}:${value}`);
  return <output data-testid={name}>{value}</output>;
}

// These run in order: the page is hydrated from the third on.
it('hydrates with the server value, without a mismatch, then shows the browser value', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Reader name="hydrated" />);
  expect(container.textContent).toBe('none');
  document.body.append(container);
  const recoverable: unknown[] = [];

  await act(async () => {
    hydrateRoot(container, <Reader name="hydrated" />, { onRecoverableError: (error) => recoverable.push(error) });
  });

  expect(recoverable).toEqual([]);
  expect(firstRenders).toContain('hydrated:none');
  expect(container.textContent).toBe('mine');
  container.remove();
});

it('follows changes after hydration, and picks up a change made before it subscribed', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Reader name="follows" />);
  document.body.append(container);
  await act(async () => {
    hydrateRoot(container, <Reader name="follows" />);
    // Between the render and the effect that subscribes.
    browserValue = 'changed early';
  });
  expect(container.textContent).toBe('changed early');
  await act(async () => change('changed later'));
  expect(container.textContent).toBe('changed later');
  browserValue = 'mine';
  container.remove();
});

it('once the page has hydrated, a reader mounted later starts from the browser value', async () => {
  markPageHydrated();
  const container = document.createElement('div');
  document.body.append(container);
  const { createRoot } = await import('react-dom/client');
  await act(async () => createRoot(container).render(<Reader name="later" />));
  expect(firstRenders).toContain('later:mine');
  expect(container.textContent).toBe('mine');
  container.remove();
});
