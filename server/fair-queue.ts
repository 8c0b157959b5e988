// The render queue, fair between tenants (organizations): each tenant has its own FIFO, the
// tenants take turns (round robin), and a tenant already running its cap of jobs is passed
// over until one of them ends. So a caller with slow documents queues behind itself, never in
// front of everyone else. Every operation is O(1) amortised, or O(tenants waiting).

export interface FairQueueLimits {
  /** Jobs one tenant may run at once. */
  readonly runningPerTenant: number;
  /** Jobs waiting in all, and for one tenant. */
  readonly waiting: number;
  readonly waitingPerTenant: number;
}

interface TenantState<T> {
  readonly waiting: T[];
  /** Index of the next job in `waiting` (dequeued entries before it are dropped in batches). */
  head: number;
  running: number;
}

export class FairQueue<T> {
  private readonly tenants = new Map<string, TenantState<T>>();
  /** Tenants with waiting jobs, in turn order. */
  private readonly turns: string[] = [];
  private waitingCount = 0;

  constructor(private readonly limits: FairQueueLimits) {}

  get size(): number {
    return this.waitingCount;
  }

  /** Why `tenant` may not queue another job now, or null when it may. */
  refusal(tenant: string): 'full' | 'tenant-full' | null {
    if (this.waitingCount >= this.limits.waiting) return 'full';
    const state = this.tenants.get(tenant);
    if (state && state.waiting.length - state.head >= this.limits.waitingPerTenant) return 'tenant-full';
    return null;
  }

  /** Queues `item`; the caller checked `refusal` first. */
  push(tenant: string, item: T): void {
    const state = this.state(tenant);
    if (state.waiting.length === state.head) this.turns.push(tenant);
    state.waiting.push(item);
    this.waitingCount++;
  }

  /** Takes a queued item out (it gave up waiting); false when it is no longer queued. */
  remove(tenant: string, item: T): boolean {
    const state = this.tenants.get(tenant);
    if (!state) return false;
    const index = state.waiting.indexOf(item, state.head);
    if (index < 0) return false;
    state.waiting.splice(index, 1);
    this.waitingCount--;
    if (state.waiting.length === state.head) this.leaveTurns(tenant, state);
    return true;
  }

  /**
   * The next job to start: the first waiting job of the first tenant in turn that runs fewer
   * than its cap. That tenant goes to the back of the turns and counts one more running job.
   */
  next(): { tenant: string; item: T } | null {
    for (let i = 0; i < this.turns.length; i++) {
      const tenant = this.turns[i]!;
      const state = this.tenants.get(tenant)!;
      if (state.running >= this.limits.runningPerTenant) continue;
      const item = state.waiting[state.head++]!;
      this.waitingCount--;
      state.running++;
      this.turns.splice(i, 1);
      if (state.head < state.waiting.length) this.turns.push(tenant);
      else this.compact(tenant, state);
      return { tenant, item };
    }
    return null;
  }

  /** Counts a job of `tenant` as running without queueing it (it started at once). */
  startNow(tenant: string): void {
    this.state(tenant).running++;
  }

  /** Whether `tenant` may start a job at once: nothing of its own waits and it is under its cap. */
  mayStartNow(tenant: string): boolean {
    const state = this.tenants.get(tenant);
    return !state || (state.running < this.limits.runningPerTenant && state.head === state.waiting.length);
  }

  /** A running job of `tenant` ended. */
  finished(tenant: string): void {
    const state = this.tenants.get(tenant);
    if (!state) return;
    state.running--;
    if (state.running <= 0 && state.head === state.waiting.length) this.tenants.delete(tenant);
  }

  private state(tenant: string): TenantState<T> {
    let state = this.tenants.get(tenant);
    if (!state) {
      state = { waiting: [], head: 0, running: 0 };
      this.tenants.set(tenant, state);
    }
    return state;
  }

  private leaveTurns(tenant: string, state: TenantState<T>): void {
    const index = this.turns.indexOf(tenant);
    if (index >= 0) this.turns.splice(index, 1);
    this.compact(tenant, state);
  }

  /** A tenant with nothing waiting: its array is emptied, and it is forgotten when idle. */
  private compact(tenant: string, state: TenantState<T>): void {
    state.waiting.length = 0;
    state.head = 0;
    if (state.running <= 0) this.tenants.delete(tenant);
  }
}
