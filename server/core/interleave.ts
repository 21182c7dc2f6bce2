/**
 * Merges lanes so that each lane is spread evenly over the result, in proportion to its length
 * (lanes of 1,000 and 500 items alternate two to one), keeping each lane's own order. Used where
 * a burst is worked through in order and no lane (a platform) should wait for another to finish.
 *
 * Item `index` of a lane of `length` sits at the middle of its share, (index + 0.5) / length;
 * the merge takes the smallest next position among the lanes, the earlier lane on a tie. It
 * compares the positions as integers, without sorting or an object per item: it runs at a
 * burst's due moment, on every post of the burst. It looks at every lane for each item, which
 * suits a few lanes (the platforms); for hundreds, a heap would.
 */
export function interleave<T>(lanes: T[][]): T[] {
  const nonEmpty = lanes.filter((lane) => lane.length > 0);
  if (nonEmpty.length <= 1) return nonEmpty[0]?.slice() ?? [];
  const next = nonEmpty.map(() => 0);
  let total = 0;
  for (const lane of nonEmpty) total += lane.length;
  const merged: T[] = new Array(total);
  for (let out = 0; out < total; out += 1) {
    let best = -1;
    for (let lane = 0; lane < nonEmpty.length; lane += 1) {
      const length = nonEmpty[lane]!.length;
      const index = next[lane]!;
      if (index === length) continue;
      // (index + 0.5) / length < (bestIndex + 0.5) / bestLength, in integers.
      if (best === -1 || (2 * index + 1) * nonEmpty[best]!.length < (2 * next[best]! + 1) * length) {
        best = lane;
      }
    }
    merged[out] = nonEmpty[best]![next[best]!] as T;
    next[best]! += 1;
  }
  return merged;
}
