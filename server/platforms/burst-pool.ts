import type { Socket } from 'node:net';
import { Fifo } from '../core/fifo.js';
import { ExchangeError, type Http1Answer } from './http1-answer.js';
import { WarmConnection } from './http1-exchange.js';

/**
 * A bounded set of keep-alive connections to one platform host, opened ahead of a burst, that
 * carries the burst's requests at the pace the host takes them: each connection writes the next
 * waiting request the moment it has read the previous answer (before the answered post's own
 * work runs), and requests beyond the connections wait their turn in the order they came. The
 * answered posts' own work waits until the last request is out and answered (see handOn).
 * One connection per post made the host set up and serve thousands of connections at once,
 * which took it about twice as long as taking the same requests over a hundred.
 */

/** One request for the pool, with the callbacks of its caller. */
export interface PoolRequest {
  bytes: Buffer;
  method: string;
  timeoutMs: number;
  /** Receives the switch that cancels the request, queued or on the wire. */
  onAbort: (abort: (reason?: Error) => void) => void;
  /** Called once the request has been written on a connection. */
  written?: () => void;
  answered: (answer: Http1Answer) => void;
  failed: (error: Error) => void;
  /** The pool has no connection left for it: the caller sends it another way. */
  elsewhere: () => void;
}

interface Waiting {
  request: PoolRequest;
  queuedAt: number;
  /** Cancels it once written. */
  cancel: ((reason?: Error) => void) | null;
  settled: boolean;
}

/** A connection opened ahead and never used is closed after this. */
const UNUSED_TTL_MS = 15_000;
const SWEEP_MS = 5000;
const HANDED_PER_TURN = 50;
/**
 * From the first answer parked, how long answers may wait for the requests still out: one the
 * host is slow to answer must not hold the others' next steps.
 */
const MAX_PARKED_MS = 250;

export class BurstPool {
  /** Idle connections, the most recently used last. */
  private free: WarmConnection[] = [];
  private readonly open = new Set<WarmConnection>();
  private opening = 0;
  private readonly queue = new Fifo<Waiting>();
  private sweepTimer: NodeJS.Timeout | null = null;
  private left = false;
  /** Answers read while requests still waited or were out: handed on once none is (handOn). */
  private parked: Array<() => void> = [];
  private handing = false;
  /** Ends the parked answers' wait for the requests still out (MAX_PARKED_MS). */
  private parkTimer: NodeJS.Timeout | null = null;
  private parkedTooLong = false;
  /** Requests written and not answered yet. */
  private out = 0;

  constructor(
    private readonly connect: () => Promise<Socket | null>,
    private readonly timeoutMs: number,
    /** Called when the pool has no connection and no request left. */
    private readonly onEmpty: () => void,
    private readonly sweepMs = SWEEP_MS,
  ) {}

  /** Connections open or opening. */
  get size(): number {
    return this.open.size + this.opening;
  }

  /** Requests waiting for a connection. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Opens connections until the pool has `count` (the ones open or opening count). */
  async grow(count: number): Promise<void> {
    const opening = Array.from({ length: Math.max(0, count - this.size) }, () => this.openOne());
    await Promise.all(opening);
  }

  /** Writes the request on an idle connection, or queues it for the next one to come free. */
  send(request: PoolRequest): void {
    const connection = this.takeFree();
    if (!connection && this.size === 0) {
      request.elsewhere();
      return;
    }
    const waiting: Waiting = { request, queuedAt: Date.now(), cancel: null, settled: false };
    request.onAbort((reason) => {
      if (waiting.settled) return;
      if (waiting.cancel) {
        waiting.cancel(reason);
        return;
      }
      // Still queued: it never left.
      waiting.settled = true;
      request.failed(reason ?? new ExchangeError('The request was aborted.', 'UND_ERR_ABORTED'));
    });
    if (connection) this.write(connection, waiting);
    else {
      this.queue.push(waiting);
      this.armSweep();
    }
  }

  private write(connection: WarmConnection, waiting: Waiting): void {
    const { request } = waiting;
    const options = {
      method: request.method,
      timeoutMs: request.timeoutMs,
      onAbort: (cancel: (reason?: Error) => void) => {
        waiting.cancel = cancel;
      },
    };
    this.out += 1;
    connection.exchange(request.bytes, options, (error, answer) => {
      this.out -= 1;
      waiting.settled = true;
      if (error) request.failed(error);
      else this.handOn(() => request.answered(answer as Http1Answer));
    });
    request.written?.();
  }

  /**
   * While requests wait for a connection, what the answered posts do next (reading the answer,
   * their adapter's next step) waits too: every turn of the event loop the connections spend on
   * it is a turn the host waits for its next request. So it does while the last requests are
   * out, until MAX_PARKED_MS after the first answer was parked: a burst's posts have nothing
   * more to send until every first request is answered (due-gate.ts holds their next calls),
   * and the CPU their work took is the host's when it runs on the same machine, as the sandbox
   * does in `bench:publish` (see the README's figures). Then the answers are handed on, a slice
   * per turn.
   */
  private handOn(deliver: () => void): void {
    if (this.parked.length === 0 && this.waiting === 0 && this.out === 0) {
      deliver();
      return;
    }
    if (this.parked.length === 0) {
      this.parkedTooLong = false;
      if (this.parkTimer) clearTimeout(this.parkTimer);
      this.parkTimer = setTimeout(() => {
        this.parkTimer = null;
        this.parkedTooLong = true;
        this.handParked();
      }, MAX_PARKED_MS).unref();
    }
    this.parked.push(deliver);
    this.handParked();
  }

  /** Requests wait for a connection, or are out and the parked answers have not waited too long. */
  private holdsAnswers(): boolean {
    return this.waiting > 0 || (this.out > 0 && !this.parkedTooLong);
  }

  private handParked(): void {
    if (this.handing || this.parked.length === 0 || this.holdsAnswers()) return;
    this.handing = true;
    setImmediate(() => {
      this.handing = false;
      for (const deliver of this.parked.splice(0, HANDED_PER_TURN)) deliver();
      if (this.parked.length === 0 && this.parkTimer) {
        clearTimeout(this.parkTimer);
        this.parkTimer = null;
      }
      this.handParked();
    });
  }

  /** The next queued request that is still wanted (an aborted one is skipped), or null. */
  private next(): Waiting | null {
    for (let waiting = this.queue.shift(); waiting; waiting = this.queue.shift()) {
      if (!waiting.settled) return waiting;
    }
    return null;
  }

  private takeFree(): WarmConnection | null {
    for (let connection = this.free.pop(); connection; connection = this.free.pop()) {
      if (connection.isIdle) return connection;
      connection.close();
    }
    return null;
  }

  /** A connection came free: it takes the next queued request at once, or waits in the pool. */
  private release(connection: WarmConnection): void {
    if (!connection.isIdle) {
      connection.close();
      return;
    }
    const waiting = this.next();
    if (waiting) this.write(connection, waiting);
    else this.free.push(connection);
    this.handParked();
  }

  private async openOne(): Promise<void> {
    this.opening += 1;
    const socket = await this.connect().catch(() => null);
    this.opening -= 1;
    if (!socket) {
      this.settleIfEmpty();
      return;
    }
    const connection = new WarmConnection(socket, this.timeoutMs);
    connection.usableUntil = Date.now() + UNUSED_TTL_MS;
    connection.onFree = (free) => this.release(free);
    connection.onClose = (closed) => this.lost(closed);
    this.open.add(connection);
    this.armSweep();
    this.release(connection);
  }

  private lost(connection: WarmConnection): void {
    this.open.delete(connection);
    // Requests are still waiting: keep the pool's size, with a new connection.
    if (this.waiting > 0) {
      void this.openOne();
      return;
    }
    this.settleIfEmpty();
  }

  /** With no connection left or coming, the queued requests go another way. */
  private settleIfEmpty(): void {
    if (this.size > 0) return;
    for (let waiting = this.next(); waiting; waiting = this.next()) {
      waiting.settled = true;
      waiting.request.elsewhere();
    }
    this.handParked();
    this.free = [];
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    this.sweepTimer = null;
    if (this.left) return;
    this.left = true;
    this.onEmpty();
  }

  private armSweep(): void {
    this.sweepTimer ??= setTimeout(() => this.sweep(), this.sweepMs).unref();
  }

  /**
   * Closes idle connections the server may have dropped, and gives up on requests that waited
   * for a connection longer than their timeout (nothing of them left, so they may be tried
   * again). Closed in sweeps, not as they come free: closing costs the host work too, which
   * would slow a burst still going on.
   */
  private sweep(): void {
    this.sweepTimer = null;
    const now = Date.now();
    this.free = this.free.filter((connection) => {
      if (connection.isIdle) return true;
      connection.close();
      return false;
    });
    for (let waiting = this.queue.peek(); waiting; waiting = this.queue.peek()) {
      if (!waiting.settled && now - waiting.queuedAt < waiting.request.timeoutMs) break;
      this.queue.shift();
      if (waiting.settled) continue;
      waiting.settled = true;
      waiting.request.failed(
        new ExchangeError('No connection to the platform came free in time.', 'UND_ERR_CONNECT_TIMEOUT'),
      );
    }
    this.handParked();
    if (this.size > 0) this.armSweep();
    else this.settleIfEmpty();
  }
}
