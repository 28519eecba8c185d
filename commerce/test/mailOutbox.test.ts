import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommerce } from '../src/commerce';
import { retryDelayMs } from '../src/mail/mailOutbox';
import { addToCart, newCart, openShop, PLACE_ORDER, prepareCheckout, request, simpleProduct } from './cartHarness';
import type { Shop } from './cartHarness';
import { startSmtpSink } from './smtpSink';

// Issue 9, defect 2: the confirmation e-mail was sent after the commit with nothing to send it
// again, so orders committed just before a SIGKILL never got one. Now the order and its mail job
// commit together and a worker delivers, retries and marks each job sent.

let shop: Shop;
let clockMs = Date.parse('2026-11-24T12:00:00Z');
const now = () => new Date(clockMs);

// This instance never delivers by itself: each test decides who does, and when.
beforeAll(async () => {
  shop = await openShop({ now, mailWorker: false });
}, 60_000);
afterAll(async () => shop?.close());

interface JobRow {
  status: string;
  attempts: number;
  payload: string;
  last_error: string | null;
  file_stem: string;
}

function job(fileStem: string): JobRow | undefined {
  return shop.sql
    .prepare('select status, attempts, payload, last_error, file_stem from mail_outbox where file_stem = ?')
    .get(fileStem) as JobRow | undefined;
}

function mailFiles(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

async function placeOrder(): Promise<string> {
  const product = simpleProduct(shop, { price: 1200, stock: 1000, offset: 9 });
  const cartId = await newCart(shop);
  await addToCart(shop, cartId, [{ sku: product.sku, quantity: 1 }]);
  await prepareCheckout(shop, cartId);
  const placed = await shop.gql(PLACE_ORDER, { id: cartId });
  expect(placed.data.placeOrder.errors).toEqual([]);
  return placed.data.placeOrder.orderV2.number as string;
}

async function sendContactMessage(comment: string): Promise<void> {
  const result = await shop.gql(
    'mutation($c: String!) { contactUs(input: { name: "Ada", email: "ada@example.com", comment: $c }) { status } }',
    { c: comment },
  );
  expect(result.errors).toBeUndefined();
}

describe('the mail outbox', () => {
  it('writes the job in the order transaction, and a delivery sends it once and forgets the content', async () => {
    const number = await placeOrder();
    expect(job(`order-${number}`)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(mailFiles(shop.mailDir)).not.toContain(`order-${number}.eml`);

    expect(await shop.commerce.deliverMail()).toBeGreaterThanOrEqual(1);
    expect(mailFiles(shop.mailDir)).toContain(`order-${number}.eml`);
    expect(job(`order-${number}`)).toMatchObject({ status: 'sent', attempts: 1, payload: '' });
    // Nothing is due any more: a second pass sends nothing.
    expect(await shop.commerce.deliverMail()).toBe(0);
  });

  it('a process that died before sending: the next process to start delivers, exactly once', async () => {
    const number = await placeOrder();
    const mailDir = path.join(shop.dir, 'mail-after-restart');
    // A fresh process with its worker on, as after a restart.
    const restarted = await createCommerce({ ...shop.database, seedDemo: false, now, mailDir });
    try {
      await expect.poll(() => job(`order-${number}`)?.status).toBe('sent');
      expect(mailFiles(mailDir)).toEqual([`order-${number}.eml`]);
      expect(await restarted.deliverMail()).toBe(0);
    } finally {
      await restarted.close();
    }
  });

  it('a job claimed by a worker that died waits for its lease, then goes out once', async () => {
    await sendContactMessage('Claimed by a worker that then died.');
    const stem = (shop.sql.prepare("select file_stem from mail_outbox where status = 'pending'").get() as JobRow)
      .file_stem;
    shop.sql.prepare('update mail_outbox set claimed_until = ? where file_stem = ?').run(clockMs + 60_000, stem);
    expect(await shop.commerce.deliverMail()).toBe(0);
    clockMs += 61_000;
    expect(await shop.commerce.deliverMail()).toBe(1);
    expect(job(stem)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('retries with backoff while the transport fails, then sends once', async () => {
    const blocked = path.join(shop.dir, 'mail-blocked');
    writeFileSync(blocked, 'a file where the mail directory should be');
    const lines: string[] = [];
    const broken = await createCommerce({
      ...shop.database,
      seedDemo: false,
      now,
      mailDir: blocked,
      mailWorker: false,
      log: (line) => lines.push(line),
    });
    try {
      await sendContactMessage('Sent while the mail directory is broken.');
      const stem = (shop.sql.prepare("select file_stem from mail_outbox where status = 'pending'").get() as JobRow)
        .file_stem;
      expect(await broken.deliverMail()).toBe(0);
      expect(job(stem)).toMatchObject({ status: 'pending', attempts: 1, last_error: expect.stringMatching(/./) });
      expect(lines.some((line) => line.includes(`e-mail ${stem} failed (attempt 1), retrying in 30 s`))).toBe(true);
      // Not due yet: nobody sends it before the backoff has passed.
      clockMs += retryDelayMs(1) - 1000;
      expect(await broken.deliverMail()).toBe(0);
      expect(job(stem)?.attempts).toBe(1);
      clockMs += 2000;
      expect(await broken.deliverMail()).toBe(0);
      expect(job(stem)?.attempts).toBe(2);

      rmSync(blocked);
      mkdirSync(blocked);
      clockMs += retryDelayMs(2) + 1000;
      expect(await broken.deliverMail()).toBe(1);
      expect(job(stem)).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
      expect(mailFiles(blocked)).toEqual([`${stem}.eml`]);
    } finally {
      await broken.close();
    }
  });

  it('gives a job up after ten failed attempts, and counts it', async () => {
    const blocked = path.join(shop.dir, 'mail-blocked-for-good');
    writeFileSync(blocked, 'never a directory');
    const broken = await createCommerce({
      ...shop.database,
      seedDemo: false,
      now,
      mailDir: blocked,
      mailWorker: false,
    });
    try {
      await sendContactMessage('This one never gets out.');
      const stem = (shop.sql.prepare("select file_stem from mail_outbox where status = 'pending'").get() as JobRow)
        .file_stem;
      for (let attempt = 1; attempt <= 10; attempt++) {
        await broken.deliverMail();
        clockMs += retryDelayMs(attempt) + 1000;
      }
      expect(job(stem)).toMatchObject({ status: 'failed', attempts: 10 });
      expect(await shop.commerce.mailOutboxDepth()).toEqual({ pending: 0, failed: 1 });
      expect(await broken.deliverMail()).toBe(0);
    } finally {
      await broken.close();
    }
  });

  it('two processes delivering at once send every job exactly once', async () => {
    for (let i = 0; i < 12; i++) await sendContactMessage(`Message ${i} for two workers.`);
    const dirs = [path.join(shop.dir, 'mail-a'), path.join(shop.dir, 'mail-b')];
    const workers = await Promise.all(
      dirs.map((mailDir) => createCommerce({ ...shop.database, seedDemo: false, now, mailDir, mailWorker: false })),
    );
    try {
      const sent = await Promise.all(workers.map((worker) => worker.deliverMail()));
      const files = dirs.flatMap((dir) => mailFiles(dir));
      expect(files).toHaveLength(12);
      expect(new Set(files).size).toBe(12);
      expect(sent.reduce((a, b) => a + b, 0)).toBe(12);
      expect(await shop.commerce.mailOutboxDepth()).toEqual({ pending: 0, failed: 1 });
    } finally {
      await Promise.all(workers.map((worker) => worker.close()));
    }
  });

  // Issue 28, defect 17: at 20–29 orders a second the outbox sent about 5 mails a second, one
  // after the other, and confirmations arrived up to 11 minutes late.
  it('delivers several mails at once through a slow mail server, each exactly once, from two processes', async () => {
    const sink = await startSmtpSink(300);
    const comments = Array.from({ length: 24 }, (_, i) => `Concurrent delivery ${i}.`);
    for (const comment of comments) await sendContactMessage(comment);
    const workers = await Promise.all(
      [1, 2].map(() =>
        createCommerce({ ...shop.database, seedDemo: false, now, smtpUrl: sink.url, mailWorker: false }),
      ),
    );
    try {
      const started = Date.now();
      const sent = await Promise.all(workers.map((worker) => worker.deliverMail()));
      const tookMs = Date.now() - started;
      expect(sent.reduce((a, b) => a + b, 0)).toBe(24);
      // Each process keeps 8 in flight: 16 at once, not 1 (which would take 24 × 300 ms = 7.2 s).
      expect(sink.maxInFlight()).toBeGreaterThanOrEqual(8);
      expect(tookMs).toBeLessThan(5000);
      for (const comment of comments)
        expect(
          sink.messages.filter((message) => message.includes(comment)),
          comment,
        ).toHaveLength(1);
      expect(sink.messages).toHaveLength(24);
      expect(await shop.commerce.mailOutboxDepth()).toEqual({ pending: 0, failed: 1 });
    } finally {
      await Promise.all(workers.map((worker) => worker.close()));
      await sink.close();
    }
  });

  it('tells how long the oldest waiting mail has waited, for /metrics', async () => {
    expect(await shop.commerce.mailOutboxOldestPendingSeconds()).toBe(0);
    await sendContactMessage('Waiting to be measured.');
    clockMs += 90_000;
    expect(await shop.commerce.mailOutboxOldestPendingSeconds()).toBe(90);
    expect(await shop.commerce.deliverMail()).toBe(1);
    expect(await shop.commerce.mailOutboxOldestPendingSeconds()).toBe(0);
  });

  it('a reset request queues a mail only for a real account, with the same answer either way', async () => {
    const email = `outbox-${Date.now()}@example.com`;
    const created = await shop.gql(
      'mutation($e: String!) { createCustomerV2(input: { firstname: "Ada", lastname: "L", email: $e, password: "Correct-Horse-9" }) { customer { email } } }',
      { e: email },
    );
    expect(created.errors).toBeUndefined();
    const count = () =>
      (
        shop.sql.prepare("select count(*) as n from mail_outbox where file_stem like 'password-reset-%'").get() as {
          n: number;
        }
      ).n;
    const before = count();
    const reset = 'mutation($e: String!) { requestPasswordResetEmail(email: $e) }';
    const known = await request(shop.commerce, reset, { e: email });
    const unknown = await request(shop.commerce, reset, { e: `nobody-${email}` });
    expect(known).toEqual(unknown);
    expect(known).toEqual({ data: { requestPasswordResetEmail: true } });
    // The real account's link is written just after its answer (the answer does the same work for both).
    await expect.poll(count).toBe(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(count()).toBe(before + 1);
  });
});
