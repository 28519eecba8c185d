// @vitest-environment node
import { PassThrough } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { renderDeadline } from './renderLifetime';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** A render's state as the abort closure holds it, and a weak reference to check it is gone. */
function renderHolding() {
  const request = { page: new Array<number>(100_000).fill(1) };
  const abort = () => request.page.fill(0);
  return { abort, alive: new WeakRef(request) };
}

async function settle() {
  await new Promise((resolve) => setImmediate(resolve));
  collectGarbage();
  await new Promise((resolve) => setImmediate(resolve));
  collectGarbage();
}

describe('renderDeadline', () => {
  it('lets a render go as soon as its document has been sent, not after the timeout', async () => {
    const document = new PassThrough();
    const released: string[] = [];
    const alive = (() => {
      const render = renderHolding();
      renderDeadline(render.abort, 60_000).endWith(document, () => released.push('released'));
      return render.alive;
    })();
    document.end('<html></html>');
    document.resume();
    await new Promise((resolve) => document.once('end', resolve));
    await settle();
    expect(released).toEqual(['released']);
    expect(alive.deref()).toBeUndefined();
  });

  it('releases once when the document fails or closes early, and when the shell fails', async () => {
    const failed = new PassThrough();
    const released: number[] = [];
    renderDeadline(() => undefined, 60_000).endWith(failed, () => released.push(1));
    failed.destroy(new Error('client went away'));
    await new Promise((resolve) => failed.once('close', resolve));
    const shellFailed = renderDeadline(() => undefined, 60_000);
    shellFailed.end(() => released.push(2));
    shellFailed.end(() => released.push(3));
    expect(released).toEqual([1, 2]);
  });

  it('still aborts a render whose document never ends', async () => {
    let aborted = false;
    renderDeadline(() => (aborted = true), 20).endWith(new PassThrough(), () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(aborted).toBe(true);
  });
});
