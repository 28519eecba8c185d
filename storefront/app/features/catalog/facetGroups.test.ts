import { describe, expect, it } from 'vitest';
import { facetGroups, facetSwatches } from './facetGroups';

const color = (options: [string, string, number][], position = 1) => ({
  attribute_code: 'color',
  label: 'Colour',
  position,
  options: options.map(([value, label, count]) => ({ value, label, count })),
});
const size = (options: [string, string, number][]) => ({
  attribute_code: 'size',
  label: 'Size',
  position: 0,
  options: options.map(([value, label, count]) => ({ value, label, count })),
});

describe('facetGroups', () => {
  const offered = [
    color([
      ['1', 'Red', 5],
      ['2', 'Blue', 3],
    ]),
    size([
      ['7', 'M', 6],
      ['8', 'L', 2],
    ]),
  ];

  it('orders groups by position and takes unfiltered groups from the current result', () => {
    const current = [color([['1', 'Red', 2]]), size([['7', 'M', 2]])];
    const groups = facetGroups(offered, current, {}, {});
    expect(groups.map((g) => g.code)).toEqual(['size', 'color']);
    expect(groups[1]?.options).toEqual([{ value: '1', label: 'Red', count: 2, selected: false }]);
  });

  it('keeps the other values of a filtered group from its own facet query', () => {
    const current = [color([['1', 'Red', 2]]), size([['7', 'M', 2]])];
    const own = {
      color: color([
        ['1', 'Red', 4],
        ['2', 'Blue', 1],
      ]),
    };
    const groups = facetGroups(offered, current, own, { color: ['1'] });
    const colour = groups.find((g) => g.code === 'color');
    expect(colour?.selected).toEqual(['1']);
    expect(colour?.options.map((o) => [o.label, o.count, o.selected])).toEqual([
      ['Red', 4, true],
      ['Blue', 1, false],
    ]);
  });

  it('hides groups without options and keeps selected values the API dropped', () => {
    const groups = facetGroups(offered, [], { color: color([]) }, { color: ['2'] });
    expect(groups).toEqual([
      {
        code: 'color',
        label: 'Colour',
        selected: ['2'],
        options: [{ value: '2', label: 'Blue', count: null, selected: true }],
      },
    ]);
  });

  it('leaves out a group whose every option holds the whole result, unless it is filtered by', () => {
    const current = [
      color([
        ['1', 'Red', 6],
        ['2', 'Blue', 3],
      ]),
      size([
        ['7', 'M', 6],
        ['8', 'L', 6],
      ]),
    ];
    expect(facetGroups(offered, current, {}, {}, 6).map((g) => g.code)).toEqual(['color']);
    const own = {
      size: size([
        ['7', 'M', 6],
        ['8', 'L', 6],
      ]),
    };
    expect(facetGroups(offered, current, own, { size: ['7'] }, 6).map((g) => g.code)).toEqual(['size', 'color']);
  });
});

describe('facetSwatches', () => {
  it('keeps the colour swatches by facet and value, and nothing that is not a hex colour', () => {
    expect(
      facetSwatches([
        {
          request_var: 'color',
          filter_items: [
            { value_string: '49', swatch_data: { type: '1', value: '#c0392b' } },
            { value_string: '50', swatch_data: { type: '1', value: 'red; background:url(x)' } },
            { value_string: '51', swatch_data: { type: '2', value: '/media/swatch.png' } },
            { value_string: '52' },
          ],
        },
        { request_var: 'size', filter_items: [{ value_string: '60' }] },
        null,
      ]),
    ).toEqual({ color: { '49': '#c0392b' } });
    expect(facetSwatches(undefined)).toEqual({});
  });
});
