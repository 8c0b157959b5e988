// The render pool's rules, with probe jobs that spin for a wall-clock time (so they last as
// long on a loaded machine as on an idle one): a job's time limit starts when a thread takes
// it, waiting has its own bound, organizations take turns, threads are replaced ahead of need
// and recycled after big or many jobs, and a caller that hangs up frees its place.
import { afterEach, describe, expect, it } from 'vitest';
import { PoolError, RenderPool, type PoolOptions } from '../../server/render-pool.js';
import type { WorkerResult } from '../../server/worker-protocol.js';
import { until } from './helpers.js';

const BASE: PoolOptions = { threads: 1, maxQueue: 8, timeoutMs: 30_000, memoryMb: 512, queueTimeoutMs: 60_000, perOrganization: 1, recycleHeapMb: 4096, recycleAfterJobs: 1000 };

let pool: RenderPool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

function start(options: Partial<PoolOptions>): RenderPool {
  pool = new RenderPool({ ...BASE, ...options });
  return pool;
}

/** A pool whose threads have started, so that what follows is the pool's order, not the start-up's. */
async function started(options: Partial<PoolOptions>): Promise<RenderPool> {
  const p = start(options);
  await p.whenReady();
  return p;
}

/** Resolves to the order in which the promises settled, by label. */
function settleOrder(jobs: Record<string, Promise<unknown>>): Promise<string[]> {
  const order: string[] = [];
  return Promise.all(Object.entries(jobs).map(([label, job]) => job.then(() => order.push(label), () => order.push(label)))).then(() => order);
}

describe('the render pool', () => {
  it('starts the time limit when a thread takes the job, not when it is queued', async () => {
    const p = start({ timeoutMs: 4000 });
    // Each job takes 2.5 s of a 4 s limit; the second waits 2.5 s first, which does not count.
    const results = await Promise.all([p.run({ kind: 'probe', spinMs: 2500 }), p.run({ kind: 'probe', spinMs: 2500 })]);
    expect(results.map((r) => r.ok)).toEqual([true, true]);
  }, 60_000);

  it('replaces a thread that passed its time limit ahead of need: the next job does not pay for its start-up', async () => {
    const p = start({ timeoutMs: 1000 });
    const slow = p.run({ kind: 'probe', spinMs: 6000 });
    const next = p.run({ kind: 'probe', spinMs: 0 });
    await expect(slow).rejects.toMatchObject({ reason: 'timeout' });
    // The replacement thread loads the whole engine (longer than 1 s here) before it takes the job.
    await expect(next).resolves.toMatchObject({ ok: true });
    expect(p.replaced).toBe(1);
  }, 60_000);

  it('cancels a job past its time limit: a thread that stops it keeps serving', async () => {
    const p = await started({ timeoutMs: 500 });
    // Ends only when the worker hears of the cancel, as a render at its next page.
    await expect(p.run({ kind: 'probe', untilCancelled: true })).rejects.toMatchObject({ reason: 'timeout' });
    await expect(p.run({ kind: 'probe' })).resolves.toMatchObject({ ok: true });
    expect(p.replaced).toBe(0);
  }, 60_000);

  it('lets organizations take turns: a slow caller queues behind itself, not in front of others', async () => {
    const p = await started({ threads: 2, perOrganization: 1 });
    const order = await settleOrder({
      a1: p.run({ kind: 'probe', spinMs: 3000 }, { tenant: 'a' }),
      a2: p.run({ kind: 'probe', spinMs: 3000 }, { tenant: 'a' }),
      b: p.run({ kind: 'probe', spinMs: 0 }, { tenant: 'b' }),
    });
    expect(order).toEqual(['b', 'a1', 'a2']);
  }, 60_000);

  it('bounds the time a job may wait for a thread', async () => {
    const p = await started({ queueTimeoutMs: 500 });
    const slow = p.run({ kind: 'probe', spinMs: 4000 }, { tenant: 'a' });
    const waiting = p.run({ kind: 'probe' }, { tenant: 'b' });
    const order = await settleOrder({ slow, waiting });
    expect(order).toEqual(['waiting', 'slow']);
    await expect(waiting).rejects.toMatchObject({ reason: 'waited' });
    await expect(slow).resolves.toMatchObject({ ok: true });
  }, 60_000);

  it('refuses a job at once when the queue, or the organization’s half of it, is full', async () => {
    const p = await started({ maxQueue: 2 });
    const running = p.run({ kind: 'probe', spinMs: 1500 }, { tenant: 'a' });
    const queued = p.run({ kind: 'probe' }, { tenant: 'a' });
    // The organization has its half of the queue (1 of 2): a third job of its own is refused…
    await expect(p.run({ kind: 'probe' }, { tenant: 'a' })).rejects.toMatchObject({ reason: 'busy' });
    // …while another organization still gets in line.
    const other = p.run({ kind: 'probe' }, { tenant: 'b' });
    await expect(p.run({ kind: 'probe' }, { tenant: 'c' })).rejects.toMatchObject({ reason: 'busy' });
    const results: WorkerResult[] = await Promise.all([running, queued, other]);
    expect(results.every((r) => r.ok)).toBe(true);
  }, 60_000);

  it('recycles a thread after a job that left its heap large, and after a number of jobs, without a gap', async () => {
    const p = await started({ recycleHeapMb: 300, recycleAfterJobs: 3 });
    expect(p.replaced).toBe(0);
    // Keeps 400 MB alive in the thread after the job: over the threshold, the thread is recycled.
    await p.run({ kind: 'probe', retainMb: 400 });
    expect(p.replaced).toBe(1);
    // Its successor is starting; meanwhile the old thread still serves.
    expect(p.size).toBe(2);
    await expect(p.run({ kind: 'probe' })).resolves.toMatchObject({ ok: true });
    await until(() => p.size === 1, 'the old thread has ended');
    // The successor's third job is its last.
    await p.run({ kind: 'probe' });
    await p.run({ kind: 'probe' });
    expect(p.replaced).toBe(1);
    await p.run({ kind: 'probe' });
    expect(p.replaced).toBe(2);
  }, 60_000);

  it('drops a queued job whose caller hung up, and cancels a running one without ending its thread', async () => {
    const p = await started({});
    const running = new AbortController();
    const queued = new AbortController();
    // The running job ends only when the worker hears of the cancel (a render stops at its next page).
    const first = p.run({ kind: 'probe', untilCancelled: true }, { signal: running.signal });
    const second = p.run({ kind: 'probe', spinMs: 20_000 }, { signal: queued.signal });
    queued.abort();
    await expect(second).rejects.toMatchObject({ reason: 'aborted' });
    running.abort();
    await expect(first).rejects.toMatchObject({ reason: 'aborted' });
    // The one thread is free again: the cancelled job ended, the thread was not replaced.
    await expect(p.run({ kind: 'probe' })).resolves.toMatchObject({ ok: true });
    expect(p.replaced).toBe(0);
  }, 60_000);

  it('a cancel that comes after its job ended does not touch the next job', async () => {
    const p = await started({});
    const running = new AbortController();
    const first = p.run({ kind: 'probe', spinMs: 500 }, { signal: running.signal });
    const settings = { deterministic: true, watermark: null, allowPrivate: [], fontCacheDir: null };
    const next = p.run({ kind: 'render', body: { type: 'html', data: { html: '<p>next</p>' } }, settings });
    // Heard by the worker only after the spin: its job is over by then, and the render that
    // follows is not the one cancelled.
    running.abort();
    await expect(first).rejects.toMatchObject({ reason: 'aborted' });
    await expect(next).resolves.toMatchObject({ ok: true, pageCount: 1 });
    expect(p.replaced).toBe(0);
  }, 60_000);

  it('a thread over its memory limit fails alone; the pool still renders', async () => {
    const p = start({ memoryMb: 64 });
    await expect(p.run({ kind: 'probe', exhaustMemory: true })).rejects.toMatchObject({ reason: 'memory' });
    await expect(p.run({ kind: 'probe', spinMs: 1 })).resolves.toMatchObject({ ok: true });
  }, 60_000);

  it('finishes queued jobs on close, then refuses new ones', async () => {
    const p = start({});
    const jobs = [p.run({ kind: 'probe', spinMs: 300 }), p.run({ kind: 'probe', spinMs: 300 })];
    await p.close();
    pool = null;
    const results = await Promise.all(jobs);
    expect(results.every((r) => r.ok)).toBe(true);
    await expect(p.run({ kind: 'probe' })).rejects.toBeInstanceOf(PoolError);
  }, 60_000);
});
