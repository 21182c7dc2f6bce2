// The benchmarks' command-line options: `npm run bench:publish -- --posts 500 --kill`.

const args = process.argv.slice(2);

/** The number after `--name`, or `fallback` when the option is absent; a non-number stops the run. */
export function numberOption(name: string, fallback: number): number {
  const index = args.indexOf(`--${name}`);
  if (index < 0) return fallback;
  const value = Number(args[index + 1]);
  if (!Number.isFinite(value)) {
    console.error(`--${name} takes a number (got ${JSON.stringify(args[index + 1] ?? '')}).`);
    process.exit(2);
  }
  return value;
}

/** Whether `--name` was given. */
export function flagOption(name: string): boolean {
  return args.includes(`--${name}`);
}
