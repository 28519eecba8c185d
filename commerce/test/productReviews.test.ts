import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, type Shop } from './cartHarness';
import { createStaff, signedIn, type StaffBrowser } from './backOfficeHarness';

// Reviews and ratings in Magento's dialect (/graphql), moderated by staff in the back office
// (/admin/graphql): written pending, shown and counted once approved.

let shop: Shop;
const clock = new Date('2026-11-27T09:00:00Z');
const now = () => clock;
let staff: StaffBrowser;
let viewer: StaffBrowser;
let sku: string;

const METADATA = `{ productReviewRatingsMetadata { items { id name values { value value_id } } } }`;
const CREATE = `mutation($input: CreateProductReviewInput!) { createProductReview(input: $input) {
  review { nickname summary text average_rating ratings_breakdown { name value } product { sku } } } }`;
const PRODUCT = `query($sku: String!) { products(filter: { sku: { eq: $sku } }) { items { sku rating_summary review_count
  reviews(pageSize: 10) { items { nickname summary text average_rating ratings_breakdown { name value } }
  page_info { current_page total_pages } } } } }`;
const PENDING = `query($s: AdminReviewStatus) { reviews(status: $s) { totalCount items { id status productSku nickname text ratings { label value } } } }`;
const MODERATE = `mutation($id: ID!, $s: AdminReviewDecision!) { moderateReview(id: $id, status: $s) { id status } }`;

interface Rating {
  id: string;
  name: string;
  values: Array<{ value: string; value_id: string }>;
}
let ratings: Rating[];

const stars = (...values: number[]) =>
  ratings.map((rating, i) => ({ id: rating.id, value_id: rating.values[(values[i] ?? 5) - 1]!.value_id }));
const review = (overrides: Record<string, unknown> = {}) => ({
  sku,
  nickname: 'Ada',
  summary: 'Warm and soft',
  text: 'Wore it all winter.',
  ratings: stars(5, 4, 3),
  ...overrides,
});
const count = () => Number((shop.sql.prepare('select count(*) as n from review').get() as { n: number }).n);

async function shopperSees() {
  const result = await shop.gql(PRODUCT, { sku });
  expect(result.errors).toBeUndefined();
  return result.data.products.items[0];
}

async function write(input: Record<string, unknown>, address?: string) {
  const response = await shop.commerce.fetch(
    new Request('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: CREATE, variables: { input } }),
    }),
    address ? { address } : undefined,
  );
  return (await response.json()) as { data?: any; errors?: Array<{ message: string }> };
}

beforeAll(async () => {
  shop = await openShop({ now });
  await createStaff(shop, 'staff@example.com', 'staff');
  await createStaff(shop, 'viewer@example.com', 'viewer');
  staff = (await signedIn(shop, 'staff@example.com', now)).browser;
  viewer = (await signedIn(shop, 'viewer@example.com', now)).browser;
  sku = (
    shop.sql
      .prepare('select sku from product where parent_id is null and visibility = 4 and status = 1 order by id limit 1')
      .get() as { sku: string }
  ).sku;
  const metadata = await shop.gql(METADATA);
  expect(metadata.errors).toBeUndefined();
  ratings = metadata.data.productReviewRatingsMetadata.items;
});
afterAll(async () => {
  await shop?.close();
});

describe('product reviews', () => {
  it('asks for Quality, Value and Price, each with 1 to 5 stars', () => {
    expect(ratings.map((r) => r.name)).toEqual(['Quality', 'Value', 'Price']);
    for (const rating of ratings) expect(rating.values.map((v) => v.value)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('a guest writes a review; it is pending, so neither shown nor counted', async () => {
    const written = await write(review({ text: 'Wore it <b>all</b> winter.<script>alert(1)</script>' }));
    expect(written.errors).toBeUndefined();
    expect(written.data.createProductReview.review).toMatchObject({
      nickname: 'Ada',
      text: 'Wore it all winter.alert(1)',
      average_rating: 4,
      ratings_breakdown: [
        { name: 'Quality', value: '5' },
        { name: 'Value', value: '4' },
        { name: 'Price', value: '3' },
      ],
      product: { sku },
    });
    expect(await shopperSees()).toMatchObject({ review_count: 0, rating_summary: 0, reviews: { items: [] } });
  });

  it('refuses a review with a missing field or rating, or a value of another rating, writing nothing', async () => {
    const before = count();
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ nickname: '  ' }, /nickname: This field is required/],
      [{ summary: '' }, /summary: This field is required/],
      [{ text: '<p></p>' }, /text: This field is required/],
      [{ ratings: stars(5, 4, 3).slice(0, 2) }, /Rate Price: This field is required/],
      [{ ratings: [{ ...stars(5, 4, 3)[0], value_id: stars(5, 4, 3)[1]!.value_id }] }, /not one of this store/],
      [{ sku: 'NO-SUCH-SKU' }, /Could not find a product/],
      [{ nickname: 'x'.repeat(129) }, /too long/],
    ];
    for (const [overrides, message] of cases) {
      const refused = await write(review(overrides));
      expect(refused.errors?.[0]?.message).toMatch(message);
    }
    expect(count()).toBe(before);
  });

  it('staff approve: the review shows, counts and gives rating_summary as the mean in percent', async () => {
    const pending = await staff.gql(PENDING, { s: 'PENDING' });
    expect(pending.errors).toBeUndefined();
    const first = pending.data.reviews.items.find((r: { productSku: string }) => r.productSku === sku);
    expect(first).toMatchObject({ status: 'PENDING', nickname: 'Ada' });
    expect((await viewer.gql(MODERATE, { id: first.id, s: 'APPROVED' })).errors?.length).toBeGreaterThan(0);
    const approved = await staff.gql(MODERATE, { id: first.id, s: 'APPROVED' });
    expect(approved.data.moderateReview).toEqual({ id: first.id, status: 'APPROVED' });
    expect(
      shop.sql.prepare("select action from audit_log where entity_type = 'review' order by id desc limit 1").get(),
    ).toEqual({ action: 'review.approve' });

    let seen = await shopperSees();
    // (5 + 4 + 3) / 3 stars = 4 of 5 = 80 %.
    expect(seen).toMatchObject({ review_count: 1, rating_summary: 80 });
    expect(seen.reviews.items).toHaveLength(1);

    // A second review, 1 star each: (5 + 4 + 3 + 1 + 1 + 1) / 6 = 2.5 stars = 50 %.
    expect((await write(review({ nickname: 'Bo', ratings: stars(1, 1, 1) }))).errors).toBeUndefined();
    const second = (await staff.gql(PENDING, { s: 'PENDING' })).data.reviews.items.find(
      (r: { nickname: string }) => r.nickname === 'Bo',
    );
    await staff.gql(MODERATE, { id: second.id, s: 'APPROVED' });
    seen = await shopperSees();
    expect(seen).toMatchObject({ review_count: 2, rating_summary: 50 });
    expect(seen.reviews.items.map((r: { nickname: string }) => r.nickname)).toEqual(['Bo', 'Ada']);

    // Rejected: no longer shown or counted.
    await staff.gql(MODERATE, { id: second.id, s: 'REJECTED' });
    expect(await shopperSees()).toMatchObject({ review_count: 1, rating_summary: 80 });
  });

  it('limits how many reviews one client writes an hour', async () => {
    const answers: Array<string | undefined> = [];
    for (let i = 0; i < 11; i++) answers.push((await write(review(), '198.51.100.7')).errors?.[0]?.message);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(undefined));
    expect(answers[10]).toMatch(/Too many reviews/);
    // Another client is not held back.
    expect((await write(review(), '198.51.100.8')).errors).toBeUndefined();
  });

  it('refuses guests where the store does not allow them', async () => {
    shop.sql.prepare("update store_config set value = '0' where key = 'allow_guests_to_write_product_reviews'").run();
    shop.sql.prepare('update catalog_version set version = version + 1').run();
    try {
      const refused = await write(review());
      expect(refused.errors?.[0]?.message).toMatch(/Guest customers aren’t allowed/);
    } finally {
      shop.sql.prepare("update store_config set value = '1' where key = 'allow_guests_to_write_product_reviews'").run();
      shop.sql.prepare('update catalog_version set version = version + 1').run();
    }
  });
});
