/** Timing helpers shared by the request benchmarks (bench:calendar, bench:analytics). */

/** `runs` sequential requests (after 20 unmeasured ones), in ms, sorted. */
export async function timeRequests(url: string, runs: number, init: RequestInit = {}): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < 20; i++) await (await fetch(url, init)).arrayBuffer();
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const res = await fetch(url, init);
    await res.arrayBuffer();
    samples.push(performance.now() - t0);
  }
  return samples.sort((a, b) => a - b);
}

export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** A markdown table row: label, p50, p95. */
export const timingRow = (label: string, sorted: number[]) =>
  `| ${label} | ${percentile(sorted, 50).toFixed(1)} ms | ${percentile(sorted, 95).toFixed(1)} ms |`;
