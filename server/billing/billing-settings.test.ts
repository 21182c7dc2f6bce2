import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { billingMode, lemonSqueezySettings, lemonSqueezyUrl } from './billing-settings.js';

const base = { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'postloom-billing-')), LOG_LEVEL: 'silent' };
afterAll(() => fs.rmSync(base.DATA_DIR, { recursive: true, force: true }));
const credentials = {
  LEMONSQUEEZY_API_KEY: 'key',
  LEMONSQUEEZY_STORE_ID: '7',
  LEMONSQUEEZY_VARIANT_ID: '42',
  LEMONSQUEEZY_WEBHOOK_SECRET: 'secret-123',
};

describe('billing settings', () => {
  it('is off by default', () => {
    expect(billingMode(loadConfig(base))).toBe('off');
    expect(billingMode(loadConfig({ ...base, ...credentials }))).toBe('off');
  });

  it('uses the real Lemon Squeezy with all four credentials', () => {
    const config = loadConfig({ ...base, BILLING: 'lemonsqueezy', ...credentials });
    expect(billingMode(config)).toBe('real');
    expect(lemonSqueezyUrl(config, 'https://api.lemonsqueezy.com/v1/checkouts')).toBe(
      'https://api.lemonsqueezy.com/v1/checkouts',
    );
  });

  it('reaches the sandbox without credentials in demo mode, with a stable secret of 40 characters', () => {
    const config = loadConfig({ ...base, BILLING: 'lemonsqueezy', SANDBOX_PORT: '3999' });
    expect(billingMode(config)).toBe('sandbox');
    const settings = lemonSqueezySettings(config);
    expect(settings?.webhookSecret).toMatch(/^[0-9a-f]{40}$/);
    expect(lemonSqueezySettings(config)?.webhookSecret).toBe(settings?.webhookSecret);
    expect(lemonSqueezyUrl(config, 'https://api.lemonsqueezy.com/v1/checkouts')).toBe(
      'http://localhost:3999/api.lemonsqueezy.com/v1/checkouts',
    );
  });

  it('sends everything to SANDBOX_URL, even with credentials', () => {
    const config = loadConfig({
      ...base,
      BILLING: 'lemonsqueezy',
      ...credentials,
      SANDBOX_URL: 'http://127.0.0.1:4000',
    });
    expect(billingMode(config)).toBe('sandbox');
    expect(lemonSqueezySettings(config)?.webhookSecret).toBe('secret-123');
  });

  it('refuses to start with some credentials missing, naming them', () => {
    const { LEMONSQUEEZY_WEBHOOK_SECRET: _, ...three } = credentials;
    expect(() => loadConfig({ ...base, BILLING: 'lemonsqueezy', ...three })).toThrow(
      /LEMONSQUEEZY_WEBHOOK_SECRET must be set too/,
    );
  });

  it('refuses credential-less billing on a public address (demo mode off)', () => {
    const env = { ...base, BILLING: 'lemonsqueezy', APP_URL: 'https://postloom.example.com' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(billingMode(loadConfig({ ...env, DEMO_MODE: 'on' }))).toBe('sandbox');
  });
});
