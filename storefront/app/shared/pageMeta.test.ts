import { describe, expect, it } from 'vitest';
import { pageMeta } from './pageMeta';

const store = { title_prefix: '', title_suffix: ' | Vela', default_title: 'Vela', default_description: 'A shop.' };

function titleOf(descriptors: ReturnType<typeof pageMeta>): unknown {
  const entry = descriptors.find((d) => 'title' in d);
  return entry && 'title' in entry ? entry.title : undefined;
}

describe('pageMeta titles', () => {
  it('puts the store suffix after a page title', () => {
    expect(titleOf(pageMeta({ title: 'Women' }, store))).toBe('Women | Vela');
  });

  it('names the brand once when the page title already carries it (the home page)', () => {
    expect(titleOf(pageMeta({ title: 'Vela - clothing, shoes and homeware' }, store))).toBe(
      'Vela - clothing, shoes and homeware',
    );
    expect(titleOf(pageMeta(undefined, store))).toBe('Vela');
  });

  it('matches whole words only: a title that merely starts with the same letters keeps the suffix', () => {
    expect(titleOf(pageMeta({ title: 'Velarde boots' }, store))).toBe('Velarde boots | Vela');
  });

  it('keeps a prefix the title does not contain', () => {
    expect(titleOf(pageMeta({ title: 'Tops' }, { ...store, title_prefix: 'Shop:' }))).toBe('Shop: Tops | Vela');
  });
});
