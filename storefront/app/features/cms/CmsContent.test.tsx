import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CmsContent, inShopPath } from './CmsContent';

const ORIGIN = 'https://shop.example';
const plainClick = {
  button: 0,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  defaultPrevented: false,
};

function anchor(href: string, attributes: Record<string, string> = {}) {
  const element = document.createElement('a');
  element.setAttribute('href', href);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

afterEach(cleanup);

describe('inShopPath', () => {
  it('routes plain clicks on links into the shop client-side', () => {
    expect(inShopPath(plainClick, anchor('/women.html?sort=price#top'), ORIGIN)).toBe('/women.html?sort=price#top');
    expect(inShopPath(plainClick, anchor(`${ORIGIN}/about-us`), ORIGIN)).toBe('/about-us');
  });

  it('leaves other sites, new tabs, downloads, media files and modified clicks to the browser', () => {
    expect(inShopPath(plainClick, anchor('https://elsewhere.example/'), ORIGIN)).toBeNull();
    expect(inShopPath(plainClick, anchor('/women.html', { target: '_blank' }), ORIGIN)).toBeNull();
    expect(inShopPath(plainClick, anchor('/terms.pdf', { download: '' }), ORIGIN)).toBeNull();
    expect(inShopPath(plainClick, anchor('/media/wysiwyg/size-guide.pdf'), ORIGIN)).toBeNull();
    expect(inShopPath(plainClick, anchor('#faq'), ORIGIN)).toBeNull();
    expect(inShopPath({ ...plainClick, metaKey: true }, anchor('/women.html'), ORIGIN)).toBeNull();
    expect(inShopPath({ ...plainClick, button: 1 }, anchor('/women.html'), ORIGIN)).toBeNull();
  });
});

describe('CmsContent', () => {
  it('renders the merchant HTML and follows its in-shop links without a page load', () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <CmsContent html={'<h2>Summer</h2><p>See <a href="/women/dresses.html"><strong>dresses</strong></a></p>'} />
        <Location />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Summer' })).toBeTruthy();
    fireEvent.click(screen.getByText('dresses'));
    expect(screen.getByTestId('location').textContent).toBe('/women/dresses.html');
  });
});
