const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('en-US');

/** A metric as analytics and the post cards show it: '9,876', '12.3K'. */
export const formatCount = (value: number) =>
  Math.abs(value) >= 10_000 ? compact.format(value) : whole.format(value);
