// Types of scripts/bench-schedstat.mjs for the TypeScript benchmarks that use it.

export interface ThreadTime {
  ran: number;
  waited: number;
}

/** How a process's threads used the cores between two readings, in ms. */
export interface ProcessShare {
  mainRan: number;
  mainWaited: number;
  othersRan: number;
}

export function threadTimes(pid: number): Map<number, ThreadTime> | null;
export function shareOf(
  pid: number,
  before: Map<number, ThreadTime> | null,
  after: Map<number, ThreadTime> | null,
): ProcessShare | null;
