import { describe, expect, it } from 'vitest';
import { categoryUrl, toMenuTree } from './menuTree';

describe('toMenuTree', () => {
  it("keeps a category's picture where it has one, and adds no empty one", () => {
    const tree = toMenuTree(
      [
        { uid: 'a', name: 'Women', url_path: 'women', image: '/media/women.png' },
        { uid: 'b', name: 'Men', url_path: 'men', image: null },
      ],
      '.html',
    );
    expect(tree[0]?.image).toBe('/media/women.png');
    expect(tree[1]).not.toHaveProperty('image');
  });

  it('drops hidden categories with their subtrees and orders siblings by position', () => {
    const tree = toMenuTree(
      [
        { uid: 'b', name: 'Men', url_path: 'men', include_in_menu: 1, position: 2, children: [] },
        {
          uid: 'a',
          name: 'Women',
          url_path: 'women',
          include_in_menu: 1,
          position: 1,
          children: [
            { uid: 'a2', name: 'Tops', url_path: 'women/tops', include_in_menu: 1, position: 2 },
            { uid: 'a1', name: 'Dresses', url_path: 'women/dresses', include_in_menu: 1, position: 1 },
            { uid: 'a3', name: 'Secret', url_path: 'women/secret', include_in_menu: 0, position: 0 },
          ],
        },
        {
          uid: 'h',
          name: 'Hidden',
          url_path: 'hidden',
          include_in_menu: 0,
          position: 0,
          children: [{ uid: 'h1', name: 'Child', url_path: 'hidden/child', include_in_menu: 1 }],
        },
        null,
      ],
      '.html',
    );
    expect(tree.map((item) => item.name)).toEqual(['Women', 'Men']);
    expect(tree[0]?.children.map((item) => [item.name, item.url])).toEqual([
      ['Dresses', '/women/dresses.html'],
      ['Tops', '/women/tops.html'],
    ]);
    expect(tree[1]?.children).toEqual([]);
  });

  it('keeps the API order for equal or missing positions', () => {
    const tree = toMenuTree(
      [
        { uid: '1', name: 'One', url_path: 'one' },
        { uid: '2', name: 'Two', url_path: 'two', position: 5 },
        { uid: '3', name: 'Three', url_path: 'three' },
      ],
      '',
    );
    expect(tree.map((item) => item.url)).toEqual(['/two', '/one', '/three']);
  });

  it('falls back to the Magento default suffix', () => {
    expect(categoryUrl('gear/bags', null)).toBe('/gear/bags.html');
    expect(categoryUrl('gear/bags', '')).toBe('/gear/bags');
  });
});
