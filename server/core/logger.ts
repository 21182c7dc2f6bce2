type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

// Keys whose values never reach a log line, whatever their nesting.
const SECRET_KEY = /pass(word)?|token|secret|cookie|authorization|code_?verifier|^code$|signature|sig$|key$/i;

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

function redact(value: unknown, depth = 0): unknown {
  if (depth > 5 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) ? '[redacted]' : redact(item, depth + 1);
  }
  return out;
}

/** JSON lines on stdout/stderr; fields are redacted by key name before writing. */
export function createLogger(
  level: LogLevel = 'info',
  base: Record<string, unknown> = {},
  write: (line: string, isError: boolean) => void = defaultWrite,
): Logger {
  const min = ORDER[level];
  const log = (lvl: Exclude<LogLevel, 'silent'>, message: string, fields?: Record<string, unknown>) => {
    if (ORDER[lvl] < min) return;
    const entry = {
      time: new Date().toISOString(),
      level: lvl,
      msg: message,
      ...base,
      ...(redact(fields) as object),
    };
    write(JSON.stringify(entry), ORDER[lvl] >= ORDER.warn);
  };
  return {
    debug: (m, f) => log('debug', m, f),
    info: (m, f) => log('info', m, f),
    warn: (m, f) => log('warn', m, f),
    error: (m, f) => log('error', m, f),
    child: (fields) => createLogger(level, { ...base, ...fields }, write),
  };
}

function defaultWrite(line: string, isError: boolean): void {
  (isError ? process.stderr : process.stdout).write(`${line}\n`);
}
