const whole = new Intl.NumberFormat('en-US');

/**
 * A count with its noun in the right number, as the interface writes it: '1 post', '20 posts',
 * '1,000 rows'. English only, like the rest of the interface; `plural` for irregular nouns.
 */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${whole.format(count)} ${count === 1 ? singular : plural}`;
}
