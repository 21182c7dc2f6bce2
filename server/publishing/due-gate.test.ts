import { describe, expect, it, vi } from 'vitest';
import { ClaimLostError, HandedBackError, PlatformError } from '../platforms/platform-error.js';
import { createDueGate, type GateEntry } from './due-gate.js';

function entry(
  attemptId: number,
  log: string[] = [],
  options: { commit?: boolean; platform?: string } = {},
): GateEntry<number> {
  return {
    attemptId,
    platform: options.platform ?? 'twitter',
    commit: options.commit ?? true,
    send: async () => {
      log.push(`send ${attemptId}`);
      return attemptId;
    },
  };
}

describe('the due gate', () => {
  it('marks each batch in one write just before its requests leave, at the due moment', async () => {
    const log: string[] = [];
    const gate = createDueGate(
      async (ids) => {
        log.push(`mark ${ids.join(',')}`);
        return ids;
      },
      { batchSize: 2 },
    );
    const at = Date.now() + 100;
    const sentAt: number[] = [];
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((id) =>
        gate.wait(entry(id, log), at).then((value) => {
          sentAt.push(Date.now());
          return value;
        }),
      ),
    );
    expect(results).toEqual([1, 2, 3, 4, 5]);
    // Written at once, each batch leaves right after its mark.
    expect(log).toEqual(['mark 1,2', 'send 1', 'send 2', 'mark 3,4', 'send 3', 'send 4', 'mark 5', 'send 5']);
    expect(Math.min(...sentAt)).toBeGreaterThanOrEqual(at);
  });

  it('marks only the requests that make a post public', async () => {
    const marks: number[][] = [];
    const gate = createDueGate(async (ids) => {
      marks.push(ids);
      return ids;
    });
    const at = Date.now() + 20;
    await Promise.all([gate.wait(entry(1), at), gate.wait(entry(2, [], { commit: false }), at)]);
    expect(marks).toEqual([[1]]);
  });

  it('keeps posts due at different moments apart', async () => {
    const writes: number[][] = [];
    const gate = createDueGate(async (ids) => {
      writes.push(ids);
      return ids;
    });
    const now = Date.now();
    await Promise.all([gate.wait(entry(1), now + 20), gate.wait(entry(2), now + 60)]);
    expect(writes).toEqual([[1], [2]]);
  });

  it('sends a request whose moment has passed at once, after its own mark', async () => {
    const log: string[] = [];
    const gate = createDueGate(async (ids) => {
      log.push(`mark ${ids.join(',')}`);
      return ids;
    });
    expect(await gate.wait(entry(7, log), Date.now() - 1)).toBe(7);
    expect(log).toEqual(['mark 7', 'send 7']);
  });

  it('stays busy until every released post has had its first answer', async () => {
    const gate = createDueGate(async (ids) => ids, { batchSize: 1 });
    const at = Date.now() + 20;
    await Promise.all([1, 2, 3].map((id) => gate.wait(entry(id), at)));
    let idle = false;
    const idlePromise = gate.idle().then(() => {
      idle = true;
    });
    gate.firstAnswered(1);
    gate.firstAnswered(2);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(idle).toBe(false);
    gate.firstAnswered(3);
    await idlePromise;
    expect(idle).toBe(true);
  });

  it('lets the posts of a burst go on a slice per turn of the event loop once every first answer is in', async () => {
    const gate = createDueGate(async (ids) => ids, { wakePerTurn: 2 });
    const at = Date.now() + 20;
    await Promise.all([1, 2, 3, 4, 5].map((id) => gate.wait(entry(id), at)));
    const woken: number[] = [];
    const all = [1, 2, 3, 4, 5].map((id) => gate.idle().then(() => woken.push(id)));
    for (const id of [1, 2, 3, 4, 5]) gate.firstAnswered(id);
    await Promise.resolve();
    expect(woken).toEqual([1, 2]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(woken).toEqual([1, 2, 3, 4]);
    await Promise.all(all);
    expect(woken).toEqual([1, 2, 3, 4, 5]);
  });

  it('stops holding back after maxHoldMs when a platform never answers', async () => {
    const gate = createDueGate(async (ids) => ids, { maxHoldMs: 50 });
    await gate.wait(entry(1), Date.now() + 5);
    const started = Date.now();
    await gate.idle();
    expect(Date.now() - started).toBeGreaterThanOrEqual(40);
  });

  it('announces a coming burst by platform ahead of its moment, from the claimed posts', async () => {
    const announced: Array<[number, Record<string, number>]> = [];
    const gate = createDueGate(async (ids) => ids, {
      warmAheadMs: 40,
      warm: (counts) => announced.push([Date.now(), Object.fromEntries(counts)]),
    });
    const at = Date.now() + 100;
    // Announced at the claim, before the posts are prepared and reach the gate.
    gate.announce('twitter', at);
    gate.announce('twitter', at);
    gate.announce('linkedin', at);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(announced).toHaveLength(1);
    expect(announced[0]?.[1]).toEqual({ twitter: 2, linkedin: 1 });
    expect(announced[0]?.[0]).toBeLessThan(at);
    await Promise.all([gate.wait(entry(1), at), gate.wait(entry(2), at)]);
    expect(announced).toHaveLength(1);
  });

  it('writes the platforms of a burst interleaved, none after another', async () => {
    const log: string[] = [];
    const gate = createDueGate(async (ids) => ids, { batchSize: 2 });
    const at = Date.now() + 50;
    await Promise.all([
      gate.wait(entry(1, log, { platform: 'twitter' }), at),
      gate.wait(entry(2, log, { platform: 'twitter' }), at),
      gate.wait(entry(3, log, { platform: 'twitter' }), at),
      gate.wait(entry(4, log, { platform: 'twitter' }), at),
      gate.wait(entry(5, log, { platform: 'linkedin' }), at),
      gate.wait(entry(6, log, { platform: 'linkedin' }), at),
    ]);
    expect(log).toEqual(['send 1', 'send 5', 'send 2', 'send 3', 'send 6', 'send 4']);
  });

  it('puts a burst in order ahead of its moment and spreads posts that came later among it', async () => {
    const log: string[] = [];
    const gate = createDueGate(async (ids) => ids, { batchSize: 2, orderAheadMs: 200 });
    const at = Date.now() + 300;
    const first = [1, 2, 3, 4].map((id) => gate.wait(entry(id, log, { platform: 'twitter' }), at));
    first.push(gate.wait(entry(5, log, { platform: 'linkedin' }), at));
    // After the order was made (100 ms in), and before the moment, a whole platform's posts come.
    await new Promise((resolve) => setTimeout(resolve, 170));
    const later = [6, 7].map((id) => gate.wait(entry(id, log, { platform: 'threads' }), at));
    await Promise.all([...first, ...later]);
    expect(log).toEqual(['send 1', 'send 6', 'send 2', 'send 5', 'send 3', 'send 7', 'send 4']);
  });

  it('sends nothing of a batch whose mark could not be written, and says nothing was sent', async () => {
    const log: string[] = [];
    const gate = createDueGate(async () => {
      throw new Error('disk full');
    });
    // Retryable: nothing left, so it is no unknown outcome for the user to check.
    const refusal = await gate.wait(entry(1, log), Date.now() + 10).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PlatformError);
    expect(refusal).toMatchObject({ kind: 'retryable', cause: new Error('disk full') });
    await expect(gate.wait(entry(2, log), Date.now() - 1)).rejects.toMatchObject({ kind: 'retryable' });
    expect(log).toEqual([]);
  });

  it('sends nothing for a post whose mark did not apply: another worker has it now', async () => {
    const log: string[] = [];
    // The mark answers the attempts it could mark: 2's post carries another worker's claim.
    const gate = createDueGate(async (ids) => ids.filter((id) => id !== 2));
    const at = Date.now() + 10;
    const outcomes = await Promise.allSettled([1, 2, 3].map((id) => gate.wait(entry(id, log), at)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(ClaimLostError);
    expect(log).toEqual(['send 1', 'send 3']);
    // Late (its moment passed): marked on its own, and refused the same way.
    await expect(gate.wait(entry(2, log), Date.now() - 1)).rejects.toBeInstanceOf(ClaimLostError);
    expect(log).toEqual(['send 1', 'send 3']);
  });

  it('sends nothing more once closed: waiting posts and later ones are refused with its reason', async () => {
    const log: string[] = [];
    const gate = createDueGate(async (ids) => {
      log.push(`mark ${ids.join(',')}`);
      return ids;
    });
    const waiting = gate.wait(entry(1, log), Date.now() + 60_000);
    gate.close(new HandedBackError());
    await expect(waiting).rejects.toBeInstanceOf(HandedBackError);
    await expect(gate.wait(entry(2, log), Date.now() - 1)).rejects.toBeInstanceOf(HandedBackError);
    expect(log).toEqual([]);
  });

  it('marks a batch while the one before waits for connections, and the next only once that one has left', async () => {
    const log: string[] = [];
    const written = new Map<number, () => void>();
    const gate = createDueGate(
      async (ids) => {
        log.push(`mark ${ids.join(',')}`);
        return ids;
      },
      { batchSize: 1 },
    );
    const at = Date.now() + 30;
    const sent = [1, 2, 3, 4].map((id) =>
      gate.wait<number>(
        {
          attemptId: id,
          platform: 'twitter',
          commit: true,
          send: (onWritten) => {
            log.push(`send ${id}`);
            written.set(id, onWritten);
            return new Promise(() => undefined);
          },
        },
        at,
      ),
    );
    expect(sent).toHaveLength(4);
    await vi.waitFor(() => expect(log).toHaveLength(4));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Two batches are out of the gate, neither written yet: a crash leaves at most these marked.
    expect(log).toEqual(['mark 1', 'send 1', 'mark 2', 'send 2']);
    written.get(1)?.();
    await vi.waitFor(() => expect(log).toHaveLength(6));
    expect(log.slice(4)).toEqual(['mark 3', 'send 3']);
    written.get(2)?.();
    await vi.waitFor(() => expect(log).toHaveLength(8));
    expect(log.slice(6)).toEqual(['mark 4', 'send 4']);
  });
});
