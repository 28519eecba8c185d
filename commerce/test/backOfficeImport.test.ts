// A catalog import started from the back office: the CSV and its images uploaded as a multipart
// GraphQL request, progress read by polling, the products then on the storefront's API at once.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, type GraphQLResult, type Shop } from './cartHarness';
import { createStaff, signedIn, type StaffBrowser } from './backOfficeHarness';

const SAMPLE_DIR = path.join(import.meta.dirname, 'fixtures', 'catalog-sample');
const JOB = `id status dryRun rowsDone rowsTotal progress error report { created updated unchanged rejected { row sku reason } droppedColumns { column rows reason } }`;

let shop: Shop;
let mediaDir: string;
let staff: StaffBrowser;
const clock = () => new Date();

async function upload(csv: File, images: File[], dryRun = false): Promise<GraphQLResult> {
  const form = new FormData();
  form.set(
    'operations',
    JSON.stringify({
      query: `mutation($f: File!, $i: [File!], $d: Boolean) { startCatalogImport(file: $f, images: $i, dryRun: $d) { ${JOB} } }`,
      variables: { f: null, i: images.map(() => null), d: dryRun },
    }),
  );
  form.set(
    'map',
    JSON.stringify({ 0: ['variables.f'], ...Object.fromEntries(images.map((_, i) => [i + 1, [`variables.i.${i}`]])) }),
  );
  form.set('0', csv);
  images.forEach((image, i) => form.set(String(i + 1), image));
  const response = await shop.commerce.backOffice.fetch(
    new Request('http://localhost/admin/graphql', {
      method: 'POST',
      headers: { 'x-csrf-token': staff.csrf!, cookie: staff.cookie! },
      body: form,
    }),
  );
  return (await response.json()) as GraphQLResult;
}

async function finished(id: string) {
  for (let i = 0; i < 200; i++) {
    const result = await staff.gql(`query($id: ID!) { catalogImport(id: $id) { ${JOB} } }`, { id });
    const job = result.data.catalogImport;
    if (job.status !== 'RUNNING') return job;
    expect(job.progress).toBeGreaterThanOrEqual(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the import did not finish');
}

const sampleCsv = () =>
  new File([readFileSync(path.join(SAMPLE_DIR, 'products.csv'))], 'products.csv', { type: 'text/csv' });
const sampleImages = () =>
  readdirSync(path.join(SAMPLE_DIR, 'images')).map(
    (name) => new File([readFileSync(path.join(SAMPLE_DIR, 'images', name))], name, { type: 'image/png' }),
  );

beforeAll(async () => {
  mediaDir = mkdtempSync(path.join(tmpdir(), 'vela-media-'));
  shop = await openShop({ now: clock, mediaDir });
  await createStaff(shop, 'clerk@example.com', 'staff');
  staff = (await signedIn(shop, 'clerk@example.com', clock)).browser;
}, 60_000);
afterAll(async () => {
  await shop?.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

describe('catalog import from the back office', () => {
  it('a dry run reports and writes nothing', async () => {
    const started = await upload(sampleCsv(), sampleImages(), true);
    expect(started.errors).toBeUndefined();
    const job = await finished(started.data.startCatalogImport.id);
    expect(job).toMatchObject({ status: 'FINISHED', dryRun: true, progress: 1, error: null });
    expect(job.report.rejected).toEqual([]);
    expect(job.report.created).toBe(18);
    const found = await shop.gql('{ products(filter: { sku: { eq: "HRB-TEE" } }) { total_count } }');
    expect(found.data.products.total_count).toBe(0);
  });

  it('imports the CSV with its images; the storefront shows the products at once', async () => {
    const started = await upload(sampleCsv(), sampleImages());
    const job = await finished(started.data.startCatalogImport.id);
    expect(job.status).toBe('FINISHED');
    expect(job.report).toMatchObject({ created: 18, updated: 0, unchanged: 0, rejected: [] });
    expect(job.rowsTotal).toBe(18);
    const found = await shop.gql(
      '{ products(filter: { sku: { in: ["HRB-TEE", "HRB-MUG", "HRB-TOTE"] } }) { total_count items { sku small_image { url } } } }',
    );
    expect(found.data.products.total_count).toBe(3);
    for (const item of found.data.products.items as Array<{ small_image: { url: string } }>) {
      const url = new URL(item.small_image.url, 'http://localhost');
      expect(url.pathname).toMatch(/^\/media\/catalog\/product\//);
      expect(existsSync(path.join(mediaDir, url.pathname.replace(/^\/media\//, '')))).toBe(true);
    }
    const audit = shop.sql
      .prepare(`select staff_email, after from audit_log where action = 'catalog.import'`)
      .all() as Array<{
      staff_email: string;
      after: string;
    }>;
    expect(audit).toHaveLength(1);
    expect(audit[0]!.staff_email).toBe('clerk@example.com');
    expect(JSON.parse(audit[0]!.after)).toMatchObject({ file: 'products.csv', created: 18 });
  });

  it('the same file again changes nothing', async () => {
    const job = await finished((await upload(sampleCsv(), sampleImages())).data.startCatalogImport.id);
    expect(job.report).toMatchObject({ created: 0, updated: 0, unchanged: 18, rejected: [] });
  });

  it("names the columns it leaves behind (backorders), and imports Magento's custom options", async () => {
    const csv = new File(
      [
        readFileSync(
          path.join(
            import.meta.dirname,
            'fixtures/magento-import/CatalogImportExport/002_simple1_4_custom_options.csv',
          ),
        ),
      ],
      '002_simple1_4_custom_options.csv',
    );
    const job = await finished((await upload(csv, [])).data.startCatalogImport.id);
    expect(job.report.rejected).toEqual([]);
    expect(job.report.droppedColumns).toContainEqual({
      column: 'allow_backorders',
      rows: 1,
      reason: 'cart quantity limits and backorders are not imported',
    });
    expect(job.report.droppedColumns.map((d: { column: string }) => d.column)).not.toContain('custom_options');
    const options = await shop.gql(
      `{ products(filter: { sku: { eq: "simple1" } }) { items { ... on CustomizableProductInterface { options { title required } } } } }`,
    );
    expect(options.data.products.items[0].options.map((o: { title: string }) => o.title)).toEqual([
      'Option1',
      'Option2',
      'Option3',
      'Option4',
    ]);
  });

  it('bad rows come back with their row and reason', async () => {
    const csv = new File(['sku,product_type,name,price\nHRB-NEW,simple,New thing,-5\n,simple,No sku,3\n'], 'bad.csv');
    const job = await finished((await upload(csv, [])).data.startCatalogImport.id);
    expect(job.status).toBe('FINISHED');
    expect(job.report.rejected.map((r: { row: number }) => r.row)).toEqual([2, 3]);
    expect(job.report.rejected[0].reason).toMatch(/price/);
  });

  it("takes a 26 MB file (above graphql-yoga's 25,000,000-byte default), names its one limit, refuses above it", async () => {
    const limits = await staff.gql('{ catalogImportLimits { maxUploadBytes } }');
    expect(limits.data.catalogImportLimits).toEqual({ maxUploadBytes: 50 * 1024 * 1024 });
    // A valid header and one product, then a comment-free filler column to reach 26 MB.
    const filler = 'x'.repeat(26 * 1024 * 1024);
    const big = new File(
      [`sku,product_type,name,price,meta_description\nBIG-1,simple,Big file,10,${filler}\n`],
      'big.csv',
    );
    const started = await upload(big, []);
    expect(started.errors).toBeUndefined();
    expect(started.data.startCatalogImport.status).toBe('RUNNING');
    await finished(started.data.startCatalogImport.id);
    // Above the limit, the request is refused before its body is read.
    const response = await shop.commerce.backOffice.fetch(
      new Request('http://localhost/admin/graphql', {
        method: 'POST',
        headers: {
          'x-csrf-token': staff.csrf!,
          cookie: staff.cookie!,
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(52 * 1024 * 1024),
        },
        body: 'not read',
      }),
    );
    expect(response.status).toBe(413);
    expect(await response.text()).toContain('50 MB for the CSV and its images');
  });

  it('refuses what is not a CSV, or images with names it cannot use, before starting', async () => {
    const notCsv = await upload(new File(['x'], 'products.xlsx'), []);
    expect(notCsv.errors?.[0]?.message).toMatch(/not a \.csv file/);
    const badImage = await upload(sampleCsv(), [new File(['x'], 'notes.txt')]);
    expect(badImage.errors?.[0]?.message).toMatch(/not an image name/);
    const empty = await upload(new File([''], 'empty.csv'), []);
    expect(empty.errors?.[0]?.message).toMatch(/is empty/);
    expect((shop.sql.prepare('select count(*) as n from catalog_import_job').get() as { n: number }).n).toBe(6);
  });
});
