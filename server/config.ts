import path from 'node:path';
import { z } from 'zod';
import { EXTENSION_ID, isExtensionId } from '../shared/extension/identity.js';
import { DEFAULT_LATE_GRACE_MINUTES } from '../shared/posts/post-timing.js';
import { clusterConfigProblem, isEncryptionKey } from './cluster-config.js';
import { isLoopbackHostname } from './core/addresses.js';
import { isParseablePostgresUrl } from './db/database-url.js';

const flag = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((value) => value === 'on' || value === 'true' || value === '1');

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value ? value : undefined));

/** Every setting Postloom reads. `.env.example` documents each one. */
const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  APP_URL: z
    .url()
    .default('http://localhost:3000')
    .transform((value) => value.replace(/\/+$/, '')),
  DATA_DIR: z.string().default('./data'),
  /** postgres:// or postgresql://: PostgreSQL instead of the SQLite file in DATA_DIR. */
  DATABASE_URL: optionalString.refine((value) => value === undefined || isParseablePostgresUrl(value), {
    // Never echo the value: it carries the database password.
    error:
      'DATABASE_URL must be a postgres:// or postgresql:// URL, with special characters in the password percent-encoded (leave it empty for SQLite)',
  }),
  /** PostgreSQL connections this process keeps open at most. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  SUPPORT_URL: z.string().default('mailto:support@postloom.local'),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Postloom <no-reply@postloom.local>'),
  TRUST_PROXY: flag.default(false),
  /** How many proxies of ours append to X-Forwarded-For in front of the app. */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  ENCRYPTION_KEY: optionalString.refine((value) => value === undefined || isEncryptionKey(value), {
    // Never echo the value: it is the key.
    error: 'ENCRYPTION_KEY must be 32 bytes: 64 hex characters (openssl rand -hex 32) or base64',
  }),
  /** The web-push key pair (both or neither); unset: generated once (DATA_DIR, or the database on PostgreSQL). */
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  /** all: everything; web: API, web app and live updates; worker: publishing and timed jobs, health only. */
  ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  SANDBOX_URL: optionalString,
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(3100),
  /** Interface of the built-in sandbox: loopback unless a public demo needs its consent pages reachable. */
  SANDBOX_HOST: z.string().default('127.0.0.1'),
  /** Unset (or empty): on while APP_URL is a loopback address, off on a public one. */
  DEMO_MODE: z.preprocess((value) => (value === '' ? undefined : value), flag.optional()),
  X_CLIENT_ID: optionalString,
  X_CLIENT_SECRET: optionalString,
  FACEBOOK_CLIENT_ID: optionalString,
  FACEBOOK_CLIENT_SECRET: optionalString,
  INSTAGRAM_CLIENT_ID: optionalString,
  INSTAGRAM_CLIENT_SECRET: optionalString,
  LINKEDIN_CLIENT_ID: optionalString,
  LINKEDIN_CLIENT_SECRET: optionalString,
  TIKTOK_CLIENT_ID: optionalString,
  TIKTOK_CLIENT_SECRET: optionalString,
  /**
   * on: the LinkedIn app has been granted the restricted r_member_social permission (Community
   * Management API), so connecting asks for it and LinkedIn analytics are read. off: LinkedIn
   * analytics show as unavailable.
   */
  LINKEDIN_MEMBER_ANALYTICS: flag.default(false),
  THREADS_CLIENT_ID: optionalString,
  THREADS_CLIENT_SECRET: optionalString,
  SCHEDULER: flag.default(true),
  LATE_GRACE_MINUTES: z.coerce.number().int().min(0).default(DEFAULT_LATE_GRACE_MINUTES),
  PUBLISH_RETRY_BASE_MS: z.coerce.number().int().min(1).default(10_000),
  PUBLISH_LEASE_MS: z.coerce.number().int().min(1000).default(120_000),
  PUBLISH_CONCURRENCY: z.coerce.number().int().min(1).default(1000),
  PUBLISH_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /**
   * The engine's safety-net sweep for due posts. A post saved due soon wakes the engines at once
   * (on PostgreSQL every process's, through NOTIFY); the sweep only covers a missed signal.
   */
  PUBLISH_SWEEP_MS: z.coerce.number().int().min(100).default(1000),
  /** A timed job's tick is taken over this long after its process stopped renewing it. */
  JOB_LEASE_MS: z.coerce.number().int().min(1000).default(60_000),
  /** When analytics are collected (cron, in UTC; croner's six-field form adds seconds). */
  ANALYTICS_SCHEDULE: z.string().default('40 * * * *'),
  /**
   * Connections per platform host a burst of posts due together is sent over, each taking the
   * next request once it has its answer (server/platforms/burst-pool.ts).
   */
  PUBLISH_BURST_CONNECTIONS: z.coerce.number().int().min(1).max(4096).default(100),
  ALLOW_PRIVATE_MEDIA_URLS: flag.default(false),
  /** Development only: webhook endpoints may be http:// addresses on this machine (loopback). */
  WEBHOOKS_ALLOW_LOOPBACK: flag.default(false),
  /** Tests only: multiplies every wait of the webhook retry schedule (1: the real schedule). */
  WEBHOOK_RETRY_SCALE: z.coerce.number().gt(0).max(1).default(1),
  /** How long a process owns a notification's e-mail and push while sending them (renewed as it works). */
  NOTIFICATION_LEASE_MS: z.coerce.number().int().min(1000).default(60_000),
  /** S3-compatible object storage for media (set S3_BUCKET to use it); unset: files under DATA_DIR/media. */
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** on: bucket in the path (MinIO, most self-hosted stores); off: bucket as a subdomain (AWS). */
  S3_FORCE_PATH_STYLE: flag.default(false),
  /** Media each user may keep in DATA_DIR (uploads and files fetched from addresses), in MB. */
  MEDIA_QUOTA_MB: z.coerce.number().int().min(1).default(10_240),
  /** Extension ids "Sign in with the web app" may hand a token to (comma-separated). */
  EXTENSION_IDS: z
    .string()
    .optional()
    .transform((value) =>
      (value?.trim() ? value : EXTENSION_ID)
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .refine((ids) => ids.every((id) => isExtensionId(id)), {
      error: 'EXTENSION_IDS must be Chromium extension ids (32 letters a to p), separated by commas',
    }),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Sign-up, confirmation and password-reset mails per e-mail address an hour (stops mail bombing). */
  RATE_LIMIT_EMAIL_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** Requests a minute per API token (issue 27): RateLimit-* headers on every answer, 429 past it. */
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** off: no paywall (self-hosting). lemonsqueezy: a free trial, then a subscription. */
  BILLING: z.enum(['off', 'lemonsqueezy']).default('off'),
  LEMONSQUEEZY_API_KEY: optionalString,
  LEMONSQUEEZY_STORE_ID: optionalString,
  LEMONSQUEEZY_VARIANT_ID: optionalString,
  LEMONSQUEEZY_WEBHOOK_SECRET: optionalString,
  /**
   * on: the LEMONSQUEEZY_* credentials are test-mode ones, so only test-mode events count.
   * off (default): live credentials, and test-mode events (test purchases) grant nothing.
   */
  LEMONSQUEEZY_TEST_MODE: flag.default(false),
});

export type Config = Omit<z.infer<typeof ConfigSchema>, 'DEMO_MODE'> & {
  /** Platforms without credentials use the sandbox. */
  DEMO_MODE: boolean;
  /** Absolute path of DATA_DIR. */
  dataDir: string;
  isProduction: boolean;
  isHttps: boolean;
  /** APP_URL is a loopback address: nobody but this machine can reach the app. */
  isLocal: boolean;
};

export class ConfigError extends Error {}

/** Reads the environment once; a bad value stops the start with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  const isLocal = isLoopbackHostname(new URL(values.APP_URL).hostname);
  const problem =
    lemonSqueezyConfigProblem(values, values.DEMO_MODE ?? isLocal) ?? clusterConfigProblem(values);
  if (problem) throw new ConfigError(`Invalid configuration:\n${problem}`);
  return {
    ...values,
    // Demo mode hands out sandbox accounts to anyone: only by default on a machine nobody else reaches.
    DEMO_MODE: values.DEMO_MODE ?? isLocal,
    dataDir: path.resolve(values.DATA_DIR),
    isProduction: values.NODE_ENV === 'production',
    isHttps: values.APP_URL.startsWith('https://'),
    isLocal,
  };
}

const LEMONSQUEEZY_KEYS = [
  'LEMONSQUEEZY_API_KEY',
  'LEMONSQUEEZY_STORE_ID',
  'LEMONSQUEEZY_VARIANT_ID',
  'LEMONSQUEEZY_WEBHOOK_SECRET',
] as const;

/**
 * BILLING=lemonsqueezy needs all four credentials, or none with demo mode (or SANDBOX_URL) so the
 * sandbox stands in. Some but not all is always a mistake: never fall back to fake payments then.
 */
function lemonSqueezyConfigProblem(
  values: z.infer<typeof ConfigSchema>,
  demoMode: boolean,
): string | undefined {
  if (values.BILLING !== 'lemonsqueezy') return undefined;
  const missing = LEMONSQUEEZY_KEYS.filter((key) => !values[key]);
  if (missing.length === 0) return undefined;
  if (missing.length < LEMONSQUEEZY_KEYS.length) {
    return `BILLING=lemonsqueezy: ${missing.join(', ')} must be set too`;
  }
  if (demoMode || values.SANDBOX_URL) return undefined;
  return `BILLING=lemonsqueezy needs ${LEMONSQUEEZY_KEYS.join(', ')} (or DEMO_MODE=on to use the sandbox)`;
}
