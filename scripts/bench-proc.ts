// A process's CPU time and memory, read from /proc (Linux), for the benchmarks' reports.
import fs from 'node:fs';

/** User + system CPU time the process has used, from /proc (Linux), in ms. */
export function cpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** VmRSS (now) or VmHWM (the peak since the last reset) of a process, from /proc (Linux), in KB. */
export function memoryKb(pid: number | undefined, field: 'VmRSS' | 'VmHWM'): number | null {
  if (!pid) return null;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  } catch {
    return null;
  }
}

/** Starts VmHWM again from the current RSS (Linux: writing 5 to clear_refs). */
export function resetPeakMemory(pid: number | undefined): void {
  if (!pid) return;
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Without it the peak counts from the server's start.
  }
}

export function mb(kb: number | null): string {
  return kb ? `${Math.round(kb / 1024)} MB` : 'unknown';
}
