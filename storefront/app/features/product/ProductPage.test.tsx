import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createCache } from '../../data/cache';
import { ProductPage } from './ProductPage';
import { ProductPageQuery } from './productPageQuery';
import { teeProduct } from '../../../test/fixtures/testCatalog';

function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

// A real Apollo cache filled as the route loader would fill it; no network is involved.
function renderPage(initialUrl = '/crew-tee.html', product: object = teeProduct) {
  const client = new ApolloClient({ cache: createCache(), link: ApolloLink.empty() });
  client.writeQuery({
    query: ProductPageQuery,
    variables: { urlKey: 'crew-tee' },
    data: { products: { items: [product as typeof teeProduct] } },
  });
  return render(
    <ApolloProvider client={client}>
      <IntlProvider locale="en-US" defaultLocale="en-US">
        <MemoryRouter initialEntries={[initialUrl]}>
          <ProductPage urlKey="crew-tee" meta={{ title: 'Crew Tee' }} />
          <Search />
        </MemoryRouter>
      </IntlProvider>
    </ApolloProvider>,
  );
}

const mainImage = () => within(screen.getByRole('region', { name: 'Product images' })).getAllByRole('img')[0];

afterEach(cleanup);

describe('ProductPage', () => {
  it('renders the product with breadcrumbs, a from price and the hint to choose options', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Crew Tee' })).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Tops' }).getAttribute('href')).toBe('/women/tops.html');
    expect(screen.getByText(/From/).textContent).toContain('€24.00');
    expect(screen.getByText('20% off')).toBeTruthy();
    expect(screen.getByText('SKU: TEE')).toBeTruthy();
    expect(screen.getByText('Choose Colour and Size to add this product to your cart.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Specifications' })).toBeTruthy();
    expect(screen.getByText('Organic Cotton')).toBeTruthy();
    expect(screen.getByText('Country of manufacture')).toBeTruthy();
    const image = mainImage();
    expect(image?.getAttribute('loading')).toBe('eager');
    expect(image?.getAttribute('fetchpriority')).toBe('high');
    expect(image?.getAttribute('width')).toBe('1000');
  });

  it('switches images, price, stock and SKU as options are chosen, and keeps the choice in the URL', async () => {
    renderPage();
    const navy = await screen.findByRole('button', { name: 'Navy' });
    expect(navy.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(navy);
    expect(screen.getByRole('button', { name: 'Navy' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('search').textContent).toBe('?color=Navy');
    expect(mainImage()?.getAttribute('src')).toContain('/tee/1f2a44/1.png');
    expect(screen.getByRole('group', { name: 'Colour: Navy' })).toBeTruthy();
    // Navy in L exists but is sold out.
    expect(screen.getByRole('button', { name: 'L (out of stock)' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'M' }));
    expect(screen.getByTestId('search').textContent).toBe('?color=Navy&size=M');
    expect(screen.getByText('SKU: TEE-NAVY-M')).toBeTruthy();
    expect(screen.getByText('Only 3 left')).toBeTruthy();
    expect(screen.queryByText(/From/)).toBeNull();
    expect(screen.queryByText(/to add this product/)).toBeNull();
  });

  it('restores the selection from the URL and shows what is unavailable with it', async () => {
    renderPage('/crew-tee.html?color=black&size=L');
    expect(await screen.findByText('SKU: TEE-BLACK-L')).toBeTruthy();
    expect(screen.getByText('In stock')).toBeTruthy();
    expect(screen.getByText('€32.00')).toBeTruthy();
    expect(screen.queryByText(/% off/)).toBeNull();
    // Black has no S at all in this catalogue.
    expect(screen.getByRole('button', { name: 'S (not available with your other choices)' })).toBeTruthy();
  });

  it('marks an out-of-stock variant and drops choices that no variant combines with', async () => {
    renderPage('/crew-tee.html?color=Navy&size=L');
    expect(await screen.findByText('Out of stock')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'S' }));
    fireEvent.click(screen.getByRole('button', { name: /^Black/ }));
    // Black/S does not exist, so the size choice is cleared.
    expect(screen.getByTestId('search').textContent).toBe('?color=Black');
  });

  it('steps the quantity between 1 and the stock left', async () => {
    renderPage('/crew-tee.html?color=Navy&size=M');
    const input = (await screen.findByLabelText('Quantity')) as HTMLInputElement;
    const more = screen.getByRole('button', { name: 'Increase quantity' });
    const less = screen.getByRole('button', { name: 'Decrease quantity' });
    expect(input.value).toBe('1');
    expect((less as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(more);
    fireEvent.click(more);
    expect(input.value).toBe('3');
    expect((more as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: '40' } });
    fireEvent.blur(input);
    expect(input.value).toBe('3');
  });

  it('switches the gallery with thumbnail buttons', async () => {
    renderPage('/crew-tee.html?color=Navy');
    const second = await screen.findByRole('button', { name: /^Show image 2 of 2/ });
    expect(second.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(second);
    expect(second.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: /^Show image 1 of 2/ }).getAttribute('aria-pressed')).toBe('false');
  });
});

describe('ProductPage: you may also like', () => {
  const card = (n: number) => ({
    __typename: 'SimpleProduct' as const,
    uid: btoa(`linked-${n}`),
    sku: `LINKED-${n}`,
    name: `Linked ${n}`,
    url_key: `linked-${n}`,
    url_suffix: '.html',
    stock_status: 'IN_STOCK' as const,
    small_image: { __typename: 'ProductImage' as const, url: `/media/linked-${n}.png`, label: null },
    price_range: teeProduct.price_range,
  });

  it('hands the route the related products, then the up-sells, each once and in order', () => {
    const client = new ApolloClient({ cache: createCache(), link: ApolloLink.empty() });
    client.writeQuery({
      query: ProductPageQuery,
      variables: { urlKey: 'crew-tee' },
      data: {
        products: {
          items: [{ ...teeProduct, related_products: [card(2), card(1)], upsell_products: [card(1), card(3)] }],
        },
      },
    });
    render(
      <ApolloProvider client={client}>
        <IntlProvider locale="en-US" defaultLocale="en-US">
          <MemoryRouter initialEntries={['/crew-tee.html']}>
            <ProductPage
              urlKey="crew-tee"
              meta={{ title: 'Crew Tee' }}
              renderLinkedProducts={(products) => (
                <ol aria-label="Linked">
                  {products.map((p) => (
                    <li key={p.uid}>{p.name}</li>
                  ))}
                </ol>
              )}
            />
          </MemoryRouter>
        </IntlProvider>
      </ApolloProvider>,
    );
    const linked = within(screen.getByRole('list', { name: 'Linked' })).getAllByRole('listitem');
    expect(linked.map((item) => item.textContent)).toEqual(['Linked 2', 'Linked 1', 'Linked 3']);
  });
});

describe('ProductPage: reviews', () => {
  it('shows the stars and count by the name, the approved reviews, and marks every empty field of the form', async () => {
    const client = new ApolloClient({ cache: createCache(), link: ApolloLink.empty() });
    client.writeQuery({
      query: ProductPageQuery,
      variables: { urlKey: 'crew-tee' },
      data: {
        products: {
          items: [
            {
              ...teeProduct,
              rating_summary: 90,
              review_count: 1,
              reviews: {
                items: [
                  {
                    nickname: 'Ada',
                    summary: 'Soft <b>and</b> warm',
                    text: 'Wore it all winter.',
                    created_at: '2026-11-27 09:00:00',
                    average_rating: 4.5,
                    ratings_breakdown: [],
                  },
                ],
              },
            },
          ],
        },
      },
    });
    render(
      <ApolloProvider client={client}>
        <IntlProvider locale="en-US" defaultLocale="en-US">
          <MemoryRouter initialEntries={['/crew-tee.html']}>
            <ProductPage urlKey="crew-tee" meta={{ title: 'Crew Tee' }} />
          </MemoryRouter>
        </IntlProvider>
      </ApolloProvider>,
    );
    expect(screen.getAllByRole('img', { name: '4.5 out of 5 stars' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: '1 review' }).getAttribute('href')).toBe('#reviews');
    const reviews = screen.getByRole('region', { name: 'Reviews (1)' });
    // Plain text: markup a shopper typed is shown as text, never run.
    expect(within(reviews).getByRole('heading', { name: 'Soft <b>and</b> warm' })).toBeTruthy();
    // The form is a chunk of its own, loaded when the shopper opens it; its heading takes the focus.
    fireEvent.click(within(reviews).getByRole('button', { name: 'Write a review' }));
    const submit = await within(reviews).findByRole('button', { name: 'Submit review' });
    // The focus moves in an effect after the chunk has rendered (late on a loaded machine).
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Write a review'));
    fireEvent.click(submit);
    const nickname = within(reviews).getByRole('textbox', { name: /Nickname/ });
    expect(nickname.getAttribute('aria-invalid')).toBe('true');
    expect(within(reviews).getAllByText('This field is required').length).toBe(3);
  });

  it('asks for custom options above Add to cart, marks the required ones and follows their prices', async () => {
    const uid = (text: string) => btoa(text);
    renderPage('/crew-tee.html', {
      ...teeProduct,
      options: [
        {
          __typename: 'CustomizableFieldOption',
          uid: uid('custom-option/1'),
          title: 'Engraving',
          required: true,
          sort_order: 1,
          fieldValue: { __typename: 'CustomizableFieldValue', max_characters: 10, price: 5, price_type: 'FIXED' },
        },
        {
          __typename: 'CustomizableRadioOption',
          uid: uid('custom-option/2'),
          title: 'Gift box',
          required: false,
          sort_order: 2,
          radioValues: [
            {
              __typename: 'CustomizableRadioValue',
              uid: uid('custom-option/2/3'),
              title: 'Large',
              price: 10,
              price_type: 'PERCENT',
            },
          ],
        },
      ],
    });
    const engraving = await screen.findByRole('textbox', { name: /Engraving \(\+€5\.00\)/ });
    expect(engraving.hasAttribute('required')).toBe(true);
    expect(engraving.getAttribute('maxlength')).toBe('10');
    expect(screen.getByText('Up to 10 characters')).toBeTruthy();
    expect(screen.getByText('Choose Colour, Size, and Engraving to add this product to your cart.')).toBeTruthy();
    fireEvent.blur(engraving);
    expect(engraving.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This field is required')).toBeTruthy();

    fireEvent.change(engraving, { target: { value: 'ADA' } });
    expect(screen.queryByText('This field is required')).toBeNull();
    // From €24.00, plus €5.00 for the engraving, plus 10 % of €24.00 for the large box.
    expect(screen.getByText(/From/).textContent).toContain('€29.00');
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Gift box' })).getByRole('radio', { name: /Large \(\+10%\)/ }),
    );
    expect(screen.getByText(/From/).textContent).toContain('€31.40');
    expect(screen.getByText('Choose Colour and Size to add this product to your cart.')).toBeTruthy();
  });
});
