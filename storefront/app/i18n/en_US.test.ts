import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  catalogueFile,
  extractCatalogue,
  extractFromSource,
  formatCatalogue,
} from '../../scripts/extract-messages.mjs';

describe('the en_US catalogue', () => {
  const { catalogue, conflicts } = extractCatalogue();

  it('holds exactly the messages the app uses (run `node scripts/extract-messages.mjs` in storefront/ to update it)', () => {
    expect(readFileSync(catalogueFile, 'utf8')).toBe(formatCatalogue(catalogue));
  });

  it('gives every id one default message', () => {
    expect(conflicts).toEqual([]);
  });
});

describe('extractFromSource', () => {
  it('reads formatMessage and defineMessages descriptors in either key order', () => {
    const source = `
      intl.formatMessage({ id: 'a.one', defaultMessage: 'It\\'s one' }, { x: 1 });
      const messages = defineMessages({
        two: {
          defaultMessage: "Two {count, plural, one {# item} other {# items}}",
          description: 'unused',
          id: "a.two",
        },
      });
    `;
    expect(extractFromSource(source)).toEqual([
      ['a.one', "It's one"],
      ['a.two', 'Two {count, plural, one {# item} other {# items}}'],
    ]);
  });

  it('reads FormattedMessage elements, with attributes plain or in braces and values in between', () => {
    const source = `
      <FormattedMessage id="b.one" values={{ n: 2 }} defaultMessage="{n} left" />
      <FormattedMessage
        id={'b.two'}
        defaultMessage={\`Multi word\`}
      />
    `;
    expect(extractFromSource(source)).toEqual([
      ['b.one', '{n} left'],
      ['b.two', 'Multi word'],
    ]);
  });

  it('does not pair an id with the default message of the next descriptor', () => {
    const source = `f({ id: 'c.lonely' }); g({ id: 'c.full', defaultMessage: 'Full' });`;
    expect(extractFromSource(source)).toEqual([['c.full', 'Full']]);
  });
});
