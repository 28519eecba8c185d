import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { Mailer, MailMessage } from './mailer';
import type { UnitOfWork } from '../kernel/transaction';

/** A printed document that goes to the customer with its e-mail: an invoice or a credit memo. */
export type MailedDocument = 'invoice' | 'creditMemo';

/**
 * What a job sends: an order's confirmation or a sales document's e-mail (both rendered from the
 * committed rows at delivery, so a PDF is never printed inside the transaction that wrote it), or
 * a ready message.
 */
export type MailJob =
  | { kind: 'order_confirmation'; orderId: number }
  | { kind: 'sales_document'; document: MailedDocument; number: string }
  | { kind: 'message'; message: MailMessage };

/**
 * What services see: a job is written inside their unit of work, and delivery is asked for once
 * it commits (a job of a rolled-back transaction never existed, so nothing is woken for it).
 */
export interface MailOutboxWriter {
  enqueue(uow: UnitOfWork, job: MailJob, fileStem: string): Promise<void>;
  /** Deliver soon, without making the caller wait (when this process runs the worker). */
  kick(): void;
}

export interface MailOutbox extends MailOutboxWriter {
  /** One pass over every job that is due now; resolves with how many were sent. */
  deliverDue(): Promise<number>;
  depth(): Promise<{ pending: number; failed: number }>;
  /** How long the oldest job still waiting to go out has waited, in seconds (0 when none waits). */
  oldestPendingSeconds(): Promise<number>;
  start(): void;
  /** Stops polling and waits for the deliveries in flight; jobs not yet taken stay for the next start. */
  stop(): Promise<void>;
}

export interface MailOutboxOptions {
  db: Kysely<Database>;
  mailer: Mailer;
  /** Turns an order-confirmation job into its message (reads the order as committed). */
  renderOrderConfirmation: (orderId: number) => Promise<MailMessage>;
  /** Turns a sales-document job into its message with the PDF attached; such jobs fail without it. */
  renderSalesDocumentMail?: (document: MailedDocument, number: string) => Promise<MailMessage>;
  /** Milliseconds since the epoch. */
  now?: () => number;
  log?: (line: string) => void;
  /** How often jobs whose retry came due are looked for (default 5 s). */
  pollMs?: number;
  /** How long a claimed job belongs to its worker (default 60 s). */
  leaseMs?: number;
  /** Attempts before a job is marked failed (default 10, about 3.5 hours of retries). */
  maxAttempts?: number;
  /** Deliveries in progress at once in this process (default 8). */
  concurrency?: number;
}

const DEFAULT_CONCURRENCY = 8;

/** 30 s after the first failure, doubling, at most an hour apart. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * A transactional outbox for e-mail. Delivery is at least once: a process that dies after the
 * server accepted a message but before marking the job sent will send it again after the lease.
 * The .eml transport writes the same file name for the same job, so there it is exactly once.
 */
export function createMailOutbox(options: MailOutboxOptions): MailOutbox {
  const { db, mailer } = options;
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => {});
  const leaseMs = options.leaseMs ?? 60_000;
  const maxAttempts = options.maxAttempts ?? 10;
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? DEFAULT_CONCURRENCY));
  // Larger than the deliveries in flight, so a batch always holds jobs not yet taken (see pass()).
  const batch = Math.max(20, concurrency * 4);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  // Set by stop(): a pass ends after the deliveries in flight instead of working through a backlog.
  let stopping = false;

  async function messageOf(kind: string, payload: string): Promise<MailMessage> {
    if (kind === 'order_confirmation') {
      return options.renderOrderConfirmation((JSON.parse(payload) as { orderId: number }).orderId);
    }
    if (kind === 'sales_document') {
      const job = JSON.parse(payload) as { document: MailedDocument; number: string };
      if (!options.renderSalesDocumentMail) throw new Error('this process cannot render sales documents');
      return options.renderSalesDocumentMail(job.document, job.number);
    }
    return JSON.parse(payload) as MailMessage;
  }

  /** Takes the job if nobody holds it: one conditional UPDATE, so two workers never both win. */
  async function claim(id: string, at: number): Promise<boolean> {
    const result = await db
      .updateTable('mail_outbox')
      .set((eb) => ({ claimed_until: at + leaseMs, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', at)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async function deliverOne(id: string): Promise<boolean> {
    const at = now();
    if (!(await claim(id, at))) return false;
    const job = await db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    try {
      const message = await messageOf(job.kind, job.payload);
      await mailer.send(message, job.file_stem);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const failed = job.attempts >= maxAttempts;
      await db
        .updateTable('mail_outbox')
        .set({
          status: failed ? 'failed' : 'pending',
          next_attempt_at: now() + retryDelayMs(job.attempts),
          claimed_until: null,
          last_error: reason.slice(0, 500),
        })
        .where('id', '=', id)
        .execute();
      log(
        failed
          ? `commerce: e-mail ${job.file_stem} failed ${job.attempts} times and is given up: ${reason}`
          : `commerce: e-mail ${job.file_stem} failed (attempt ${job.attempts}), retrying in ${retryDelayMs(job.attempts) / 1000} s: ${reason}`,
      );
      return false;
    }
    await db
      .updateTable('mail_outbox')
      .set({
        status: 'sent',
        payload: '',
        claimed_until: null,
        last_error: null,
        sent_at: new Date(now()).toISOString(),
      })
      .where('id', '=', id)
      .execute();
    return true;
  }

  /**
   * Delivers every due job, `concurrency` at a time: one mail's wait for the mail server or the
   * disk no longer holds up the next (one at a time, the outbox fell minutes behind at 20 orders a
   * second). Each job is still taken with its own conditional UPDATE, so exactly one worker in
   * any process sends it.
   */
  async function pass(): Promise<number> {
    let sent = 0;
    const queue: string[] = [];
    // Ids taken in this pass: a batch read while a delivery's claim is not yet committed may list
    // its job again.
    const seen = new Set<string>();
    let more = true;
    let refilling: Promise<void> | undefined;

    async function refill(): Promise<void> {
      const due = await db
        .selectFrom('mail_outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now())
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now())]))
        .orderBy('next_attempt_at')
        .limit(batch)
        .execute();
      const fresh = due.map((row) => row.id).filter((id) => !seen.has(id));
      for (const id of fresh) seen.add(id);
      queue.push(...fresh);
      if (due.length < batch || fresh.length === 0) more = false;
    }

    async function worker(): Promise<void> {
      for (;;) {
        while (queue.length === 0 && more && !stopping) {
          refilling ??= refill().finally(() => (refilling = undefined));
          await refilling;
        }
        const id = stopping ? undefined : queue.shift();
        if (id === undefined) return;
        if (await deliverOne(id)) sent++;
      }
    }

    // Every worker ends before the pass does, so two passes never overlap, failed ones included.
    const ended = await Promise.allSettled(Array.from({ length: concurrency }, () => worker()));
    const failure = ended.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
    return sent;
  }

  // One pass at a time per process. A call during a pass gets the next pass, which starts after
  // it and so sees every job committed before the call; calls meanwhile share that same next pass.
  let queued: Promise<number> | undefined;
  function runPass(): Promise<number> {
    const current: Promise<number> = pass()
      .catch((error: unknown) => {
        log(`commerce: mail delivery pass failed: ${error instanceof Error ? error.message : String(error)}`);
        return 0;
      })
      .finally(() => {
        if (running === current) running = undefined;
      });
    running = current;
    return current;
  }
  function deliverDue(): Promise<number> {
    if (!running) return runPass();
    queued ??= running.then(() => {
      queued = undefined;
      return runPass();
    });
    return queued;
  }

  const outbox: MailOutbox = {
    async enqueue(uow, job, fileStem) {
      await uow.db
        .insertInto('mail_outbox')
        .values({
          id: randomUUID(),
          kind: job.kind,
          payload: JSON.stringify(
            job.kind === 'order_confirmation'
              ? { orderId: job.orderId }
              : job.kind === 'sales_document'
                ? { document: job.document, number: job.number }
                : job.message,
          ),
          file_stem: fileStem,
          status: 'pending',
          attempts: 0,
          next_attempt_at: now(),
          claimed_until: null,
          last_error: null,
          created_at: new Date(now()).toISOString(),
          sent_at: null,
        })
        .execute();
      uow.afterCommit(() => outbox.kick());
    },
    kick() {
      // Only where this process delivers at all; elsewhere another process's worker picks it up.
      if (timer) void deliverDue();
    },
    deliverDue,
    async depth() {
      const rows = await db
        .selectFrom('mail_outbox')
        .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
        .where('status', 'in', ['pending', 'failed'])
        .groupBy('status')
        .execute();
      const count = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
      return { pending: count('pending'), failed: count('failed') };
    },
    async oldestPendingSeconds() {
      const row = await db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.min('created_at').as('oldest'))
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (!row?.oldest) return 0;
      return Math.max(0, (now() - Date.parse(row.oldest)) / 1000);
    },
    start() {
      if (timer) return;
      timer = setInterval(() => void deliverDue(), options.pollMs ?? 5000);
      timer.unref();
      // Jobs left by a previous run (a crash, a stop mid-delivery) go out now, not at the first tick.
      void deliverDue();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      stopping = true;
      await queued;
      await running;
    },
  };
  return outbox;
}
