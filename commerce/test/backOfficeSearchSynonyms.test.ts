import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, type Shop } from './cartHarness';
import { createStaff, signedIn, type StaffBrowser } from './backOfficeHarness';

// Search synonym groups the merchant edits in the back office (/admin/graphql), and what the
// storefront's search (/graphql) makes of them on the next request.

let shop: Shop;
const clock = new Date('2026-11-27T09:00:00Z');
const now = () => clock;
let staff: StaffBrowser;
let viewer: StaffBrowser;

const LIST = `query($s: String) { searchSynonymGroups(storeCode: $s) { id storeCode words } }`;
const SAVE = `mutation($id: ID, $s: String, $w: [String!]!) {
  saveSearchSynonymGroup(id: $id, storeCode: $s, words: $w) { id storeCode words } }`;
const DELETE = `mutation($id: ID!) { deleteSearchSynonymGroup(id: $id) }`;
const SEARCH = `query($q: String!) { products(search: $q, pageSize: 200, currentPage: 1) { items { sku } } }`;

const count = (table: string) =>
  Number((shop.sql.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n);
const groups = () => shop.sql.prepare('select id, store_id, words from search_synonym_group order by id').all();
const lastAudit = () =>
  shop.sql
    .prepare('select staff_email, action, entity_type, entity_id from audit_log order by id desc limit 1')
    .get() as {
    staff_email: string;
    action: string;
    entity_type: string;
    entity_id: string;
  };

async function skus(q: string): Promise<string[]> {
  const result = await shop.gql(SEARCH, { q });
  expect(result.errors).toBeUndefined();
  return (result.data.products.items as { sku: string }[]).map((i) => i.sku);
}

beforeAll(async () => {
  shop = await openShop({ now });
  await createStaff(shop, 'staff@example.com', 'staff');
  await createStaff(shop, 'viewer@example.com', 'viewer');
  staff = (await signedIn(shop, 'staff@example.com', now)).browser;
  viewer = (await signedIn(shop, 'viewer@example.com', now)).browser;
});
afterAll(async () => {
  await shop?.close();
});

describe('search synonym groups in the back office', () => {
  it('lists the demo groups the seed put in, per store view', async () => {
    const all = await staff.gql(LIST, {});
    expect(all.errors).toBeUndefined();
    expect(all.data.searchSynonymGroups).toContainEqual(
      expect.objectContaining({ storeCode: 'default', words: ['hoodie', 'hoody'] }),
    );
    const french = await viewer.gql(LIST, { s: 'fr' });
    expect(french.errors).toBeUndefined();
    expect(french.data.searchSynonymGroups.map((g: { words: string[] }) => g.words)).toEqual([
      ['sweat', 'pull'],
      ['basket', 'sneaker'],
    ]);
  });

  it('a search for a new synonym finds what its group finds on the next request, until the group is deleted', async () => {
    const jumper = await skus('jumper');
    expect(jumper.length).toBeGreaterThan(0);
    const before = await skus('pullover');
    expect(jumper.some((sku) => !before.includes(sku))).toBe(true);

    const saved = await staff.gql(SAVE, { s: null, w: [' Jumper ', 'PULLOVER'] });
    expect(saved.errors).toBeUndefined();
    expect(saved.data.saveSearchSynonymGroup).toMatchObject({ storeCode: null, words: ['jumper', 'pullover'] });
    const id = saved.data.saveSearchSynonymGroup.id as string;
    expect(lastAudit()).toMatchObject({
      staff_email: 'staff@example.com',
      action: 'search_synonym_group.create',
      entity_type: 'search_synonym_group',
      entity_id: id,
    });

    const after = await skus('pullover');
    expect(jumper.filter((sku) => !after.includes(sku))).toEqual([]);

    const deleted = await staff.gql(DELETE, { id });
    expect(deleted.errors).toBeUndefined();
    expect(deleted.data.deleteSearchSynonymGroup).toBe(id);
    expect(lastAudit()).toMatchObject({ action: 'search_synonym_group.delete', entity_id: id });
    expect(await skus('pullover')).toEqual(before);
  });

  it('changes a group in place, for one store view', async () => {
    const created = await staff.gql(SAVE, { s: 'default', w: ['parka', 'anorak'] });
    expect(created.errors).toBeUndefined();
    const id = created.data.saveSearchSynonymGroup.id as string;
    const changed = await staff.gql(SAVE, { id, s: 'fr', w: ['parka', 'anorak', 'doudoune'] });
    expect(changed.errors).toBeUndefined();
    expect(changed.data.saveSearchSynonymGroup).toEqual({
      id,
      storeCode: 'fr',
      words: ['parka', 'anorak', 'doudoune'],
    });
    expect(lastAudit()).toMatchObject({ action: 'search_synonym_group.update', entity_id: id });
    await staff.gql(DELETE, { id });
  });

  it('refuses bad groups with a clear error, changing nothing', async () => {
    const rows = groups();
    const audits = count('audit_log');
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ w: ['alone'] }, /2 to 20 words/],
      [{ w: Array.from({ length: 21 }, (_, i) => `word${i}`) }, /2 to 20 words/],
      [{ w: ['ok', '   '] }, /cannot be empty/],
      [{ w: ['ok', 'x'.repeat(65)] }, /longer than 64 characters/],
      [{ w: ['Jumper', 'jumper '] }, /"jumper" is twice/],
      [{ w: ['a,b', 'c'] }, /comma/],
      [{ s: 'nowhere', w: ['jumper', 'pullover'] }, /no store view "nowhere"/],
      [{ id: '999999', w: ['jumper', 'pullover'] }, /no synonym group 999999/],
      [{ id: 'abc', w: ['jumper', 'pullover'] }, /no synonym group abc/],
    ];
    for (const [variables, message] of cases) {
      const result = await staff.gql(SAVE, variables);
      expect(result.errors?.[0]?.message, JSON.stringify(variables)).toMatch(message);
    }
    const gone = await staff.gql(DELETE, { id: '999999' });
    expect(gone.errors?.[0]?.message).toMatch(/no synonym group 999999/);
    const unknownStore = await staff.gql(LIST, { s: 'nowhere' });
    expect(unknownStore.errors?.[0]?.message).toMatch(/no store view "nowhere"/);
    expect(groups()).toEqual(rows);
    expect(count('audit_log')).toBe(audits);
  });

  it('lets a viewer read the groups, not change them', async () => {
    const rows = groups();
    const [first] = rows as Array<{ id: number }>;
    const save = await viewer.gql(SAVE, { w: ['jumper', 'pullover'] });
    expect(save.errors?.[0]?.extensions?.category).toBe('graphql-authorization');
    const remove = await viewer.gql(DELETE, { id: String(first!.id) });
    expect(remove.errors?.[0]?.extensions?.category).toBe('graphql-authorization');
    expect(groups()).toEqual(rows);
  });
});
