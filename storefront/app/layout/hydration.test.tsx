import { act, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { HydratesAlone, HydrationMark } from './hydration';

it('marks the document hydrated only after every boundary has hydrated, not when the root commits', async () => {
  const seen: Array<{ part: string; markedAlready: boolean }> = [];
  function Probe({ part }: { part: string }) {
    useEffect(() => {
      seen.push({ part, markedAlready: document.documentElement.dataset.hydrated === 'true' });
    }, [part]);
    return <button type="button">{part}</button>;
  }
  const page = (
    <>
      <HydratesAlone>
        <Probe part="header" />
      </HydratesAlone>
      <HydratesAlone>
        <Probe part="main" />
      </HydratesAlone>
      <HydrationMark />
    </>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(page);
  document.body.append(container);
  delete document.documentElement.dataset.hydrated;

  await act(async () => {
    hydrateRoot(container, page);
  });
  // Let React hydrate the boundaries it put off.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));

  expect(seen.map((entry) => entry.part).sort()).toEqual(['header', 'main']);
  expect(seen.filter((entry) => entry.markedAlready)).toEqual([]);
  expect(document.documentElement.dataset.hydrated).toBe('true');
});
