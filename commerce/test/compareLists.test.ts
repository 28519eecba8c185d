import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, openAccountShop, signUp } from './customerHarness';
import type { AccountShop } from './customerHarness';

// Compare lists in Magento's dialect (CompareListGraphQl): guests' lists by uid, a customer's one
// list, the attributes read across the products, the size limit and parallel adds.

let shop: AccountShop;
/** Ids of enabled, visible products: a configurable first, then simple ones. */
let ids: string[];
let hidden: string;

const LIST = `uid item_count attributes { code label } items { uid product { sku name } attributes { code value } }`;
const CREATE = `mutation($p: [ID]) { createCompareList(input: { products: $p }) { ${LIST} } }`;
const ADD = `mutation($uid: ID!, $p: [ID]!) { addProductsToCompareList(input: { uid: $uid, products: $p }) { ${LIST} } }`;
const REMOVE = `mutation($uid: ID!, $p: [ID]!) { removeProductsFromCompareList(input: { uid: $uid, products: $p }) { ${LIST} } }`;
const READ = `query($uid: ID!) { compareList(uid: $uid) { ${LIST} } }`;
const DELETE = `mutation($uid: ID!) { deleteCompareList(uid: $uid) { result } }`;
const ASSIGN = `mutation($uid: ID!) { assignCompareListToCustomer(uid: $uid) { result compare_list { ${LIST} } } }`;
const MINE = `{ customer { compare_list { ${LIST} } } }`;

const count = (table: string) =>
  Number((shop.sql.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n);

async function guestList(products: string[]): Promise<string> {
  const created = await shop.gql(CREATE, { p: products });
  expect(created.errors).toBeUndefined();
  return created.data.createCompareList.uid as string;
}

beforeAll(async () => {
  shop = await openAccountShop();
  const configurable = shop.sql
    .prepare(`select id from product where type = 'configurable' and status = 1 and visibility = 4 order by id limit 1`)
    .get() as { id: number };
  const simples = shop.sql
    .prepare(
      `select id from product where type = 'simple' and parent_id is null and status = 1 and visibility = 4 order by id limit 12`,
    )
    .all() as Array<{ id: number }>;
  ids = [configurable.id, ...simples.map((r) => r.id)].map(String);
  hidden = String((shop.sql.prepare(`select id from product where visibility = 1 limit 1`).get() as { id: number }).id);
}, 60_000);

afterAll(async () => shop?.close());

describe('compare lists', () => {
  it('gives a guest a list by a secret uid, with the SKU and the catalog attributes side by side', async () => {
    const created = await shop.gql(CREATE, { p: [ids[0], ids[1]] });
    expect(created.errors).toBeUndefined();
    const list = created.data.createCompareList;
    expect(list.uid).toMatch(/^[\w-]{32}$/);
    expect(list.item_count).toBe(2);
    expect(list.items.map((i: { uid: string }) => i.uid)).toEqual([ids[0], ids[1]]);
    expect(list.attributes[0]).toEqual({ code: 'sku', label: 'SKU' });
    // The configurable shows what its variants offer: more than one colour or size.
    const codes = list.attributes.map((a: { code: string }) => a.code);
    expect(codes.length).toBeGreaterThan(1);
    const configurable = list.items[0];
    expect(configurable.attributes.map((a: { code: string }) => a.code)).toEqual(codes);
    expect(configurable.attributes[0].value).toBe(configurable.product.sku);
    expect(configurable.attributes.some((a: { value: string }) => a.value.includes(', '))).toBe(true);

    const read = await shop.gql(READ, { uid: list.uid });
    expect(read.data.compareList).toEqual(list);
    expect((await shop.gql(READ, { uid: 'no-such-list' })).data.compareList).toBeNull();
  });

  it('adds each product once, removes products and deletes the list', async () => {
    const uid = await guestList([ids[1]!]);
    const added = await shop.gql(ADD, { uid, p: [ids[2], ids[1], ids[2]] });
    expect(added.errors).toBeUndefined();
    expect(added.data.addProductsToCompareList.items.map((i: { uid: string }) => i.uid)).toEqual([ids[1], ids[2]]);
    const removed = await shop.gql(REMOVE, { uid, p: [ids[1]] });
    expect(removed.data.removeProductsFromCompareList.items.map((i: { uid: string }) => i.uid)).toEqual([ids[2]]);
    expect((await shop.gql(DELETE, { uid })).data.deleteCompareList.result).toBe(true);
    expect((await shop.gql(READ, { uid })).data.compareList).toBeNull();
    expect((await shop.gql(DELETE, { uid })).data.deleteCompareList.result).toBe(false);
    expect(errorOf(await shop.gql(ADD, { uid, p: [ids[1]] }))?.message).toBe(
      `The compare list "${uid}" does not exist.`,
    );
  });

  it('refuses unknown, hidden and malformed products with an error that changes nothing', async () => {
    const uid = await guestList([ids[1]!]);
    for (const bad of ['999999', hidden, 'abc', '-1']) {
      const result = await shop.gql(ADD, { uid, p: [ids[2], bad] });
      expect(errorOf(result)?.category).toBe('graphql-input');
      expect((await shop.gql(READ, { uid })).data.compareList.item_count).toBe(1);
    }
  });

  it(`holds at most 10 products, also when adds arrive in parallel`, async () => {
    expect(errorOf(await shop.gql(CREATE, { p: ids.slice(0, 11) }))?.message).toMatch(/at most 10 products/);
    const uid = await guestList([]);
    const results = await Promise.all(ids.slice(0, 13).map((id) => shop.gql(ADD, { uid, p: [id] })));
    expect(results.filter((r) => r.errors === undefined)).toHaveLength(10);
    for (const refused of results.filter((r) => r.errors !== undefined))
      expect(errorOf(refused)?.message).toMatch(/at most 10 products/);
    const list = (await shop.gql(READ, { uid })).data.compareList;
    expect(list.item_count).toBe(10);
    expect(new Set(list.items.map((i: { uid: string }) => i.uid)).size).toBe(10);
  });

  it("keeps one list per customer and refuses another customer's list, and a customer's list to guests", async () => {
    const ada = await signUp(shop);
    const bob = await signUp(shop);
    expect((await shop.gql(MINE, {}, ada.token)).data.customer.compare_list).toBeNull();
    const first = await shop.gql(CREATE, { p: [ids[1]] }, ada.token);
    const again = await shop.gql(CREATE, { p: [ids[2]] }, ada.token);
    const uid = first.data.createCompareList.uid as string;
    expect(again.data.createCompareList.uid).toBe(uid);
    expect(again.data.createCompareList.item_count).toBe(2);
    expect((await shop.gql(MINE, {}, ada.token)).data.customer.compare_list.uid).toBe(uid);

    for (const token of [bob.token, null]) {
      for (const [query, variables] of [
        [READ, { uid }],
        [ADD, { uid, p: [ids[3]] }],
        [REMOVE, { uid, p: [ids[1]] }],
        [DELETE, { uid }],
        [ASSIGN, { uid }],
      ] as const) {
        const result = await shop.gql(query, variables, token);
        expect(errorOf(result)?.category, query).toBe('graphql-authorization');
      }
    }
    expect((await shop.gql(MINE, {}, ada.token)).data.customer.compare_list.item_count).toBe(2);
  });

  it('makes one list when a new customer adds twice in parallel', async () => {
    const ada = await signUp(shop);
    const results = await Promise.all([1, 2, 3].map((n) => shop.gql(CREATE, { p: [ids[n]] }, ada.token)));
    expect(results.map((r) => r.errors)).toEqual([undefined, undefined, undefined]);
    expect(new Set(results.map((r) => r.data.createCompareList.uid)).size).toBe(1);
    expect((await shop.gql(MINE, {}, ada.token)).data.customer.compare_list.item_count).toBe(3);
  });

  it("gives a guest's list to the customer at sign-in, joining the customer's list", async () => {
    const ada = await signUp(shop);
    const guest = await guestList([ids[1]!, ids[2]!]);
    const assigned = await shop.gql(ASSIGN, { uid: guest }, ada.token);
    expect(assigned.errors).toBeUndefined();
    expect(assigned.data.assignCompareListToCustomer.result).toBe(true);
    expect(assigned.data.assignCompareListToCustomer.compare_list.uid).toBe(guest);
    expect((await shop.gql(READ, { uid: guest })).errors?.[0]?.extensions?.category).toBe('graphql-authorization');

    const second = await guestList([ids[2]!, ids[3]!]);
    const merged = (await shop.gql(ASSIGN, { uid: second }, ada.token)).data.assignCompareListToCustomer;
    expect(merged.compare_list.uid).toBe(guest);
    expect(merged.compare_list.items.map((i: { uid: string }) => i.uid)).toEqual([ids[1], ids[2], ids[3]]);
    expect((await shop.gql(READ, { uid: second })).data.compareList).toBeNull();

    expect(errorOf(await shop.gql(ASSIGN, { uid: await guestList([]) }))?.category).toBe('graphql-authorization');
    expect((await shop.gql(ASSIGN, { uid: 'gone' }, ada.token)).data.assignCompareListToCustomer).toEqual({
      result: false,
      compare_list: null,
    });
  });

  it('names the attributes in the store view language', async () => {
    const response = await shop.raw({ query: CREATE, variables: { p: [ids[0]] } });
    expect(response.ok).toBe(true);
    const french = await shop.commerce.fetch(
      new Request('http://localhost/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', store: 'fr' },
        body: JSON.stringify({ query: CREATE, variables: { p: [ids[0]] } }),
      }),
    );
    const body = (await french.json()) as { data: { createCompareList: { attributes: Array<{ label: string }> } } };
    expect(body.data.createCompareList.attributes[0]!.label).toBe('Référence');
  });

  it('forgets the list when the account is deleted', async () => {
    const before = count('compare_list');
    const ada = await signUp(shop);
    await shop.gql(CREATE, { p: [ids[1]] }, ada.token);
    expect(count('compare_list')).toBe(before + 1);
    const deleted = await shop.gql('mutation { deleteCustomer }', {}, ada.token);
    expect(deleted.errors).toBeUndefined();
    expect(count('compare_list')).toBe(before);
  });
  it('limits how many lists one guest client creates an hour', async () => {
    const answers: Array<string | undefined> = [];
    for (let i = 0; i < 21; i++)
      answers.push(errorOf(await shop.gql(CREATE, { p: [ids[1]] }, null, '198.51.100.21'))?.message);
    expect(answers.slice(0, 20)).toEqual(Array(20).fill(undefined));
    expect(answers[20]).toMatch(/Too many compare lists/);
    // Another client, and a customer from the same address (who reuses one list), are not held back.
    expect((await shop.gql(CREATE, { p: [ids[1]] }, null, '198.51.100.22')).errors).toBeUndefined();
    const ada = await signUp(shop);
    expect((await shop.gql(CREATE, { p: [ids[1]] }, ada.token, '198.51.100.21')).errors).toBeUndefined();
  });

  // Last: it moves the shop's clock on by a month.
  it("deletes guests' lists nobody changed for 30 days, never a customer's", async () => {
    const ada = await signUp(shop);
    await shop.gql(CREATE, { p: [ids[1]] }, ada.token);
    const old = await guestList([ids[1]!, ids[2]!]);
    const touched = await guestList([ids[1]!]);
    const customerLists = () =>
      Number(
        (
          shop.sql.prepare('select count(*) as n from compare_list where customer_id is not null').get() as {
            n: number;
          }
        ).n,
      );
    const customers = customerLists();
    expect(customers).toBeGreaterThan(0);
    shop.clock.advance(20 * 24 * 3600_000);
    expect((await shop.gql(ADD, { uid: touched, p: [ids[2]] })).errors).toBeUndefined();
    // Nothing is 30 days old yet.
    expect(await shop.commerce.deleteStaleGuestCompareLists()).toBe(0);
    shop.clock.advance(11 * 24 * 3600_000);
    expect(await shop.commerce.deleteStaleGuestCompareLists()).toBeGreaterThan(0);
    expect((await shop.gql(READ, { uid: old })).data.compareList).toBeNull();
    expect((await shop.gql(READ, { uid: touched })).data.compareList.item_count).toBe(2);
    expect(customerLists()).toBe(customers);
    const orphans = shop.sql
      .prepare('select count(*) as n from compare_list_item where list_id not in (select id from compare_list)')
      .get() as { n: number };
    expect(Number(orphans.n)).toBe(0);
  });
});
