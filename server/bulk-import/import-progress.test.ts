import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEventBus, type UserEvent } from '../core/event-bus.js';
import { importProgressReporter } from './import-progress.js';

function reporterWithClock() {
  const events = createEventBus();
  const seen: UserEvent[] = [];
  events.subscribe('user-1', (event) => seen.push(event));
  let now = 0;
  const report = importProgressReporter({ events }, 'user-1', 'import-1', () => now);
  return { report, seen, advance: (ms: number) => (now += ms) };
}

describe('importProgressReporter', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a thousand quick steps as a handful of events, the first and last of each phase always', () => {
    const { report, seen, advance } = reporterWithClock();
    for (let done = 0; done <= 1000; done++) {
      report('media', done, 1000);
      advance(1);
    }
    report('saving', 0, 2400);
    const steps = seen.map((event) => (event.type === 'import.progress' ? [event.phase, event.done] : null));
    expect(steps).toEqual([
      ['media', 0],
      ['media', 250],
      ['media', 500],
      ['media', 750],
      ['media', 1000],
      ['saving', 0],
    ]);
  });

  it('sends every step of a slow fetch, each with the id the client chose', () => {
    const { report, seen, advance } = reporterWithClock();
    for (let done = 0; done <= 3; done++) {
      report('media', done, 3);
      advance(400);
    }
    expect(seen).toEqual(
      [0, 1, 2, 3].map((done) => ({
        type: 'import.progress',
        progressId: 'import-1',
        phase: 'media',
        done,
        total: 3,
      })),
    );
  });

  it('sends a step held back by the gap once the gap ends, when no newer step came first', () => {
    vi.useFakeTimers();
    const events = createEventBus();
    const seen: UserEvent[] = [];
    events.subscribe('user-1', (event) => seen.push(event));
    const report = importProgressReporter({ events }, 'user-1', 'import-1');
    report('media', 0, 3);
    vi.advanceTimersByTime(100);
    // The first file arrives quickly, then the second takes its time.
    report('media', 1, 3);
    const done = () => seen.map((event) => (event.type === 'import.progress' ? event.done : null));
    expect(done()).toEqual([0]);
    vi.advanceTimersByTime(149);
    expect(done()).toEqual([0]);
    vi.advanceTimersByTime(1);
    expect(done()).toEqual([0, 1]);
    // A held step never goes out after a newer one.
    vi.advanceTimersByTime(100);
    report('media', 2, 3);
    report('media', 3, 3);
    vi.advanceTimersByTime(1000);
    expect(done()).toEqual([0, 1, 3]);
  });
});
