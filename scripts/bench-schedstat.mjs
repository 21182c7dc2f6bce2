// How the threads of a process shared the machine's cores, from Linux's per-thread schedstat
// (time running, and time runnable but waiting for a core): the publishing benchmarks print it
// for the receiver and the sender over a burst's intake, where the two compete for the cores.
import fs from 'node:fs';

/** Each thread's time running and waiting for a core so far, in ms; null without /proc. */
export function threadTimes(pid) {
  try {
    const times = new Map();
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      const [ran, waited] = fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ');
      times.set(Number(tid), { ran: Number(ran) / 1e6, waited: Number(waited) / 1e6 });
    }
    return times;
  } catch {
    return null;
  }
}

/**
 * Between two readings of `pid`'s threads: how long its main thread ran and waited for a core,
 * and how long its other threads ran (in Node, V8's compiler and garbage collector helpers,
 * and libuv's pool), in whole ms. A thread that started between the readings counts from zero.
 */
export function shareOf(pid, before, after) {
  const share = { mainRan: 0, mainWaited: 0, othersRan: 0 };
  if (!before || !after) return null;
  for (const [tid, end] of after) {
    const start = before.get(tid) ?? { ran: 0, waited: 0 };
    if (tid === pid) {
      share.mainRan = Math.round(end.ran - start.ran);
      share.mainWaited = Math.round(end.waited - start.waited);
    } else {
      share.othersRan += end.ran - start.ran;
    }
  }
  share.othersRan = Math.round(share.othersRan);
  return share;
}
