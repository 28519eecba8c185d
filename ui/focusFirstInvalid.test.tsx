import { cleanup, render } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusFirstInvalid } from './focusFirstInvalid';

afterEach(cleanup);

describe('focusFirstInvalid', () => {
  it('focuses the first invalid field in document order once the next frame has rendered', () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    const form = createRef<HTMLFormElement>();
    render(
      <form ref={form}>
        <input aria-label="name" aria-invalid="false" />
        <input aria-label="email" aria-invalid="true" />
        <input aria-label="phone" aria-invalid="true" />
      </form>,
    );
    focusFirstInvalid(form);
    expect(document.activeElement).toBe(document.body);
    for (const frame of frames) frame(0);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('email');
    vi.restoreAllMocks();
  });
});
