/**
 * Merges lanes so that each lane is spread evenly over the result, in proportion to its length
 * (lanes of 1,000 and 500 items alternate two to one), keeping each lane's own order. Used where
 * a burst is worked through in order and no lane (a platform, an account) should wait for
 * another to finish.
 */
export function interleave<T>(lanes: T[][]): T[] {
  const nonEmpty = lanes.filter((lane) => lane.length > 0);
  if (nonEmpty.length <= 1) return nonEmpty[0]?.slice() ?? [];
  const keyed: Array<{ key: number; lane: number; item: T }> = [];
  for (const [laneIndex, lane] of nonEmpty.entries()) {
    // The middle of each item's share of the lane: equal keys are broken by lane order.
    for (const [index, item] of lane.entries()) {
      keyed.push({ key: (index + 0.5) / lane.length, lane: laneIndex, item });
    }
  }
  keyed.sort((a, b) => a.key - b.key || a.lane - b.lane);
  return keyed.map((entry) => entry.item);
}
