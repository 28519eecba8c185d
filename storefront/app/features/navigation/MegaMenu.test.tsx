import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { MegaMenu } from './MegaMenu';
import type { MenuItem } from './menuTree';

const menu: MenuItem[] = [
  {
    uid: 'w',
    name: 'Women',
    url: '/women.html',
    children: [
      {
        uid: 'wt',
        name: 'Tops',
        url: '/women/tops.html',
        children: [{ uid: 'wtt', name: 'Tees', url: '/women/tops/tees.html', children: [] }],
      },
      { uid: 'wd', name: 'Dresses', url: '/women/dresses.html', children: [] },
    ],
  },
  { uid: 's', name: 'Sale', url: '/sale.html', children: [] },
];

function renderMenu(path = '/') {
  return render(
    <IntlProvider locale="en-US" defaultLocale="en-US">
      <MemoryRouter initialEntries={[path]}>
        <MegaMenu menu={menu} />
        <button type="button">Outside</button>
      </MemoryRouter>
    </IntlProvider>,
  );
}

afterEach(cleanup);

describe('MegaMenu', () => {
  it('renders every link in the HTML, panels hidden until their button opens them', () => {
    renderMenu();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const button = within(nav).getByRole('button', { name: 'Women categories' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(panel.hidden).toBe(true);
    expect(panel.querySelector('a[href="/women/tops/tees.html"]')).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Sale' }).getAttribute('href')).toBe('/sale.html');

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    expect(within(panel).getByRole('link', { name: 'Shop all Women' }).getAttribute('href')).toBe('/women.html');
    fireEvent.click(button);
    expect(panel.hidden).toBe(true);
  });

  it('opens on mouse hover and keeps open when the hovering mouse then clicks', () => {
    renderMenu();
    const button = screen.getByRole('button', { name: 'Women categories' });
    fireEvent.pointerOver(button, { pointerType: 'mouse' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    // A tap is a touch pointer: only the click toggles.
    fireEvent.pointerOver(button, { pointerType: 'touch' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on Escape and puts focus back on the button', () => {
    renderMenu();
    const button = screen.getByRole('button', { name: 'Women categories' });
    fireEvent.click(button);
    const link = screen.getByRole('link', { name: 'Dresses' });
    link.focus();
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('closes when focus or a click leaves the menu', () => {
    renderMenu();
    const button = screen.getByRole('button', { name: 'Women categories' });
    fireEvent.click(button);
    fireEvent.blur(button, { relatedTarget: screen.getByRole('button', { name: 'Outside' }) });
    expect(button.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(button);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Outside' }));
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('marks the current page', () => {
    renderMenu('/women/dresses.html');
    // The panel is closed, so its links are hidden from the accessibility tree for now.
    expect(screen.getByRole('link', { name: 'Dresses', hidden: true }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Tops', hidden: true }).getAttribute('aria-current')).toBeNull();
    const women = screen.getByRole('link', { name: 'Women' });
    expect(women.closest('[data-active]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Sale' }).hasAttribute('data-active')).toBe(false);
  });

  it('links every top category to its page, so the menu works before JavaScript runs', () => {
    renderMenu();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Women' }).getAttribute('href')).toBe('/women.html');
    expect(within(nav).getByRole('link', { name: 'Sale' }).getAttribute('href')).toBe('/sale.html');
  });
});
