// The fair queue on its own: turns between tenants, the running cap, the waiting caps, removal.
import { describe, expect, it } from 'vitest';
import { FairQueue } from '../../server/fair-queue.js';

function drain(queue: FairQueue<string>): string[] {
  const out: string[] = [];
  for (let next = queue.next(); next; next = queue.next()) out.push(next.item);
  return out;
}

describe('FairQueue', () => {
  it('gives tenants turns instead of first come, first served', () => {
    const queue = new FairQueue<string>({ runningPerTenant: 10, waiting: 100, waitingPerTenant: 100 });
    for (const item of ['a1', 'a2', 'a3']) queue.push('a', item);
    queue.push('b', 'b1');
    queue.push('c', 'c1');
    queue.push('b', 'b2');
    expect(drain(queue)).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
    expect(queue.size).toBe(0);
  });

  it('passes over a tenant running its cap until one of its jobs finishes', () => {
    const queue = new FairQueue<string>({ runningPerTenant: 1, waiting: 100, waitingPerTenant: 100 });
    queue.push('a', 'a1');
    queue.push('a', 'a2');
    queue.push('b', 'b1');
    expect(drain(queue)).toEqual(['a1', 'b1']);
    expect(queue.mayStartNow('a')).toBe(false);
    queue.finished('a');
    expect(drain(queue)).toEqual(['a2']);
    queue.finished('a');
    queue.finished('b');
    expect(queue.mayStartNow('a')).toBe(true);
  });

  it('refuses past the total and the per-tenant waiting caps', () => {
    const queue = new FairQueue<string>({ runningPerTenant: 1, waiting: 3, waitingPerTenant: 2 });
    queue.push('a', 'a1');
    queue.push('a', 'a2');
    expect(queue.refusal('a')).toBe('tenant-full');
    expect(queue.refusal('b')).toBeNull();
    queue.push('b', 'b1');
    expect(queue.refusal('c')).toBe('full');
  });

  it('removes a waiting job, and forgets a tenant with nothing left', () => {
    const queue = new FairQueue<string>({ runningPerTenant: 1, waiting: 10, waitingPerTenant: 10 });
    queue.push('a', 'a1');
    queue.push('b', 'b1');
    expect(queue.remove('a', 'a1')).toBe(true);
    expect(queue.remove('a', 'a1')).toBe(false);
    expect(queue.size).toBe(1);
    expect(drain(queue)).toEqual(['b1']);
  });

  it('stays linear with many tenants and jobs', () => {
    const queue = new FairQueue<number>({ runningPerTenant: 1_000_000, waiting: 1_000_000, waitingPerTenant: 1_000_000 });
    for (let i = 0; i < 50_000; i++) queue.push(`t${i % 7}`, i);
    let count = 0;
    for (let next = queue.next(); next; next = queue.next()) count++;
    expect(count).toBe(50_000);
  });
});
