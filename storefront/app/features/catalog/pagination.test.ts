import { describe, expect, it } from 'vitest';
import { pageWindow } from './pagination';

const render = (current: number, total: number) =>
  pageWindow(current, total)
    .map((item) => (item.type === 'page' ? String(item.page) : '…'))
    .join(' ');

describe('pageWindow', () => {
  it('shows nothing for a single page', () => {
    expect(render(1, 1)).toBe('');
  });
  it('shows every page when there are few', () => {
    expect(render(1, 4)).toBe('1 2 3 4');
  });
  it('collapses far pages into gaps around the current page', () => {
    expect(render(1, 10)).toBe('1 2 … 10');
    expect(render(5, 10)).toBe('1 … 4 5 6 … 10');
    expect(render(10, 10)).toBe('1 … 9 10');
  });
  it('shows a lone skipped page instead of a gap', () => {
    expect(render(4, 10)).toBe('1 2 3 4 5 … 10');
  });
});
