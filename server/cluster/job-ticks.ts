import { Cron } from 'croner';
import type { Logger } from '../core/logger.js';
import type { Db } from '../db/database.js';

/**
 * Timed jobs that run once per install, however many processes run them: every process's clock
 * fires each tick, the first to insert the tick's row runs it under a lease it renews, the
 * others see the row and skip. A tick whose process dies is taken over once its lease ends.
 * The one writer of job_ticks.
 */

const DEFAULT_LEASE_MS = 60_000;
/** How often a process looks for ticks left unfinished by a process that died. */
const ABANDONED_CHECK_MS = 30_000;
/** Ticks older than this are history: not taken over, and pruned. */
const ABANDONED_HORIZON_MS = 6 * 3_600_000;

export interface TickContext {
  /** The tick's scheduled moment (the same on every process). */
  tickAt: number;
}

interface TickDeps {
  db: Db;
  logger: Logger;
  /** This process (workers.id): the tick's owner while it runs. */
  workerId: string;
}

/**
 * Runs `fn` for the tick unless another process has it (or had it and finished). Answers
 * whether this process ran it.
 */
export async function runTickOnce(
  deps: TickDeps,
  job: { name: string; tickAt: number; leaseMs?: number },
  fn: (tick: TickContext) => Promise<void>,
): Promise<boolean> {
  const leaseMs = job.leaseMs ?? DEFAULT_LEASE_MS;
  const now = Date.now();
  const inserted = await deps.db
    .insertInto('jobTicks')
    .values({
      name: job.name,
      tickAt: job.tickAt,
      owner: deps.workerId,
      leaseUntil: now + leaseMs,
      startedAt: now,
      finishedAt: null,
    })
    .onConflict((oc) => oc.columns(['name', 'tickAt']).doNothing())
    .returning('name')
    .executeTakeFirst();
  if (!inserted && !(await takeOver(deps, job.name, job.tickAt, leaseMs))) {
    return false;
  }
  await runOwned(deps, job.name, job.tickAt, leaseMs, fn);
  return true;
}

/** A tick whose owner's lease ran out before it finished becomes this process's. */
async function takeOver(deps: TickDeps, name: string, tickAt: number, leaseMs: number): Promise<boolean> {
  const now = Date.now();
  const result = await deps.db
    .updateTable('jobTicks')
    .set({ owner: deps.workerId, leaseUntil: now + leaseMs, startedAt: now })
    .where('name', '=', name)
    .where('tickAt', '=', tickAt)
    .where('finishedAt', 'is', null)
    .where('leaseUntil', '<', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

async function runOwned(
  deps: TickDeps,
  name: string,
  tickAt: number,
  leaseMs: number,
  fn: (tick: TickContext) => Promise<void>,
): Promise<void> {
  const own = () =>
    deps.db
      .updateTable('jobTicks')
      .where('name', '=', name)
      .where('tickAt', '=', tickAt)
      .where('owner', '=', deps.workerId);
  const renew = setInterval(
    () => {
      void own()
        .set({ leaseUntil: Date.now() + leaseMs })
        .execute()
        .catch((error: unknown) => deps.logger.warn('a job tick lease was not renewed', { name, error }));
    },
    Math.max(1000, Math.floor(leaseMs / 3)),
  );
  try {
    await fn({ tickAt });
  } finally {
    clearInterval(renew);
    // A failed run counts as finished too: the job's next tick tries again, as a cron would.
    await own()
      .set({ finishedAt: Date.now() })
      .execute()
      .catch((error: unknown) => deps.logger.warn('a job tick was not marked finished', { name, error }));
  }
}

/** The latest unfinished ticks of a job whose owner stopped renewing them. */
async function listAbandonedTicks(db: Db, name: string, now: number): Promise<number[]> {
  const rows = await db
    .selectFrom('jobTicks')
    .select('tickAt')
    .where('name', '=', name)
    .where('finishedAt', 'is', null)
    .where('leaseUntil', '<', now)
    .where('tickAt', '>', now - ABANDONED_HORIZON_MS)
    .orderBy('tickAt', 'desc')
    .limit(1)
    .execute();
  return rows.map((row) => row.tickAt);
}

/** When the job last finished a tick, on any process (null if never). */
export async function lastFinishedTick(db: Db, name: string): Promise<number | null> {
  const row = await db
    .selectFrom('jobTicks')
    .select((eb) => eb.fn.max('finishedAt').as('finished'))
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.finished == null ? null : Number(row.finished);
}

/** Forgets ticks older than the horizon (the hourly prune). */
export async function pruneJobTicks(db: Db, now: number): Promise<number> {
  const result = await db
    .deleteFrom('jobTicks')
    .where('tickAt', '<', now - ABANDONED_HORIZON_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * A croner schedule whose ticks run once per install (see runTickOnce); also takes over a tick
 * a dead process left unfinished. Answers the stop function.
 */
export function scheduleClusterJob(
  deps: TickDeps,
  job: { name: string; pattern: string; leaseMs?: number },
  fn: (tick: TickContext) => Promise<void>,
): () => void {
  const run = async (tickAt: number, takeOverOnly: boolean) => {
    try {
      if (takeOverOnly) {
        if (await takeOver(deps, job.name, tickAt, job.leaseMs ?? DEFAULT_LEASE_MS)) {
          deps.logger.info('took over a job tick a stopped process left', { name: job.name, tickAt });
          await runOwned(deps, job.name, tickAt, job.leaseMs ?? DEFAULT_LEASE_MS, fn);
        }
      } else {
        await runTickOnce(deps, { name: job.name, tickAt, leaseMs: job.leaseMs }, fn);
      }
    } catch (error) {
      deps.logger.error('a timed job failed', { name: job.name, error });
    }
  };
  const cron = new Cron(job.pattern, { protect: true }, (self) => {
    // The scheduled moment, not the moment this process woke: the same on every process.
    const scheduled = self.previousRuns(1, new Date(Date.now() + 1))[0];
    return run(scheduled ? scheduled.getTime() : Date.now(), false);
  });
  let checking = false;
  const abandoned = setInterval(
    () => {
      if (checking || cron.isBusy()) return;
      checking = true;
      void listAbandonedTicks(deps.db, job.name, Date.now())
        .then(async (ticks) => {
          for (const tickAt of ticks) await run(tickAt, true);
        })
        .catch((error: unknown) => deps.logger.warn('looking for abandoned job ticks failed', { error }))
        .finally(() => {
          checking = false;
        });
    },
    Math.min(ABANDONED_CHECK_MS, Math.max(1000, Math.floor((job.leaseMs ?? DEFAULT_LEASE_MS) / 2))),
  );
  return () => {
    cron.stop();
    clearInterval(abandoned);
  };
}
