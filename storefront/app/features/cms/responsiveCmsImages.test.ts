import { describe, expect, it } from 'vitest';
import { priorityImageOf, responsiveCmsImages } from './responsiveCmsImages';

function parse(html: string): HTMLImageElement[] {
  const template = document.createElement('template');
  template.innerHTML = html;
  return [...template.content.querySelectorAll('img')];
}

describe('responsiveCmsImages', () => {
  const html =
    '<section><img src="/media/hero.png" alt="Hero" width="1000" height="1250" /><p>Text</p>' +
    '<img src="/media/small.png" alt="Small" width="400" height="500"></section>';

  it('gives media images a WebP srcset no wider than the image and a reasonable fallback', () => {
    const [hero, small] = parse(responsiveCmsImages(html));
    expect(hero!.getAttribute('src')).toBe('/media/hero.png?width=800&format=webp');
    expect(hero!.getAttribute('srcset')).toBe(
      ['360', '480', '640', '800', '1000'].map((w) => `/media/hero.png?width=${w}&format=webp ${w}w`).join(', '),
    );
    expect(hero!.getAttribute('sizes')).toContain('100vw');
    expect(small!.getAttribute('srcset')).toBe('/media/small.png?width=360&format=webp 360w');
    expect(small!.getAttribute('src')).toBe('/media/small.png?width=400&format=webp');
  });

  it('loads the first image eagerly with high priority and the others lazily, keeping the rest of the tag', () => {
    const [hero, small] = parse(responsiveCmsImages(html, { priorityFirst: true }));
    expect(hero!.getAttribute('loading')).toBe('eager');
    expect(hero!.getAttribute('fetchpriority')).toBe('high');
    expect(small!.getAttribute('loading')).toBe('lazy');
    expect(small!.hasAttribute('fetchpriority')).toBe(false);
    expect([hero!.alt, hero!.getAttribute('width'), hero!.getAttribute('height')]).toEqual(['Hero', '1000', '1250']);
  });

  it('loads every image lazily in secondary content such as blocks', () => {
    for (const image of parse(responsiveCmsImages(html))) {
      expect(image.getAttribute('loading')).toBe('lazy');
      expect(image.hasAttribute('fetchpriority')).toBe(false);
    }
  });

  it('leaves foreign, already responsive and sizeless images alone', () => {
    const untouched = [
      '<img src="https://cdn.example/a.png" width="800" height="600">',
      '<img src="/media/a.png" srcset="/media/a.png 1x" width="800" height="600">',
      '<img src="/media/a.png" alt="No size">',
    ];
    for (const tag of untouched) expect(responsiveCmsImages(tag)).toBe(tag);
  });

  it('keeps authored loading and sizes attributes', () => {
    const [image] = parse(
      responsiveCmsImages('<img src="/media/a.png" width="800" height="600" loading="lazy" sizes="50vw">'),
    );
    expect(image!.getAttribute('loading')).toBe('lazy');
    expect(image!.getAttribute('sizes')).toBe('50vw');
  });

  it('names the high-priority image for a preload, and none in secondary content', () => {
    expect(priorityImageOf(responsiveCmsImages(html, { priorityFirst: true }))).toEqual({
      src: '/media/hero.png?width=800&format=webp',
      srcSet: expect.stringContaining('/media/hero.png?width=1000&format=webp 1000w') as string,
      sizes: expect.stringContaining('100vw') as string,
    });
    expect(priorityImageOf(responsiveCmsImages(html))).toBeNull();
  });
});
