import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXTENSION_ID } from '../shared/extension/identity.js';
import { ConfigError, loadConfig } from './config.js';

/** The variables of .env.example as a copied .env would give them (empty ones included). */
function envExample(): Record<string, string> {
  const lines = fs.readFileSync('.env.example', 'utf8').split('\n');
  return Object.fromEntries(
    lines
      .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

describe('configuration', () => {
  it('.env.example copied as it is to .env is a valid configuration with the documented defaults', () => {
    const config = loadConfig(envExample());
    expect(config.DEMO_MODE).toBe(true);
    expect(config.EXTENSION_IDS).toEqual([EXTENSION_ID]);
    expect(config.SANDBOX_HOST).toBe('127.0.0.1');
    expect(config.isLocal).toBe(true);
  });

  it('.env.example with a public APP_URL turns demo mode off', () => {
    const config = loadConfig({ ...envExample(), APP_URL: 'https://postloom.example.org' });
    expect(config.DEMO_MODE).toBe(false);
    expect(config.isLocal).toBe(false);
  });

  it('refuses an extension id that is not one, naming the variable', () => {
    expect(() => loadConfig({ EXTENSION_IDS: 'not-an-id' })).toThrow(ConfigError);
    expect(() => loadConfig({ EXTENSION_IDS: 'not-an-id' })).toThrow(/EXTENSION_IDS/);
  });
});
