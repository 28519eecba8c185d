import { describe, expect, it } from 'vitest';
import { cardVariant } from './cardVariant';

function variant(color: [number, string], size: [number, string], url: string, stock = 'IN_STOCK') {
  return {
    attributes: [
      { code: 'color', value_index: color[0], label: color[1] },
      { code: 'size', value_index: size[0], label: size[1] },
    ],
    product: { stock_status: stock, small_image: { url } },
  };
}

const hoodie = {
  variants: [
    variant([4, 'Grey'], [20, 'S'], '/grey.png'),
    variant([6, 'Red'], [20, 'S'], '/red.png', 'OUT_OF_STOCK'),
    variant([6, 'Red'], [21, 'M'], '/red-m.png'),
    variant([16, 'Sky Blue'], [21, 'M'], '/blue.png'),
  ],
};

describe('cardVariant', () => {
  it('shows the variant in the chosen colour, preferring one in stock, and chooses it in the link', () => {
    expect(cardVariant(hoodie, { color: ['6'] })).toEqual({ imageUrl: '/red-m.png', search: '?color=Red' });
  });

  it('takes the first colour the product has when several are chosen', () => {
    expect(cardVariant(hoodie, { color: ['1', '16'] })).toEqual({ imageUrl: '/blue.png', search: '?color=Sky+Blue' });
  });

  it('matches every filtered attribute the variants have', () => {
    expect(cardVariant(hoodie, { color: ['6', '4'], size: ['20'] })).toEqual({
      imageUrl: '/grey.png',
      search: '?color=Grey&size=S',
    });
  });

  it('leaves the card alone when the filters say nothing about its variants', () => {
    expect(cardVariant(hoodie, { material: ['37'], price: ['0_100'] })).toBeNull();
    expect(cardVariant({ variants: null }, { color: ['6'] })).toBeNull();
    expect(cardVariant(hoodie, { color: ['99'] })).toBeNull();
  });
});
