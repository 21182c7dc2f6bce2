import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { platformCredentials, platformMode, platformUrl } from './platform-endpoints.js';

describe('platform endpoints', () => {
  it('maps every host under SANDBOX_URL when it is set', () => {
    const config = loadConfig({
      SANDBOX_URL: 'http://127.0.0.1:4000',
      X_CLIENT_ID: 'a',
      X_CLIENT_SECRET: 'b',
    });
    expect(platformUrl(config, 'twitter', 'https://api.x.com/2/tweets?x=1')).toBe(
      'http://127.0.0.1:4000/api.x.com/2/tweets?x=1',
    );
    expect(platformUrl(config, 'tiktok', 'https://open-upload.tiktokapis.com/upload/?id=1')).toBe(
      'http://127.0.0.1:4000/open-upload.tiktokapis.com/upload/?id=1',
    );
  });

  it('uses real hosts for a platform with credentials and the sandbox for one without', () => {
    const config = loadConfig({ LINKEDIN_CLIENT_ID: 'id', LINKEDIN_CLIENT_SECRET: 'secret' });
    expect(platformMode(config, 'linkedin')).toBe('real');
    expect(platformUrl(config, 'linkedin', 'https://api.linkedin.com/rest/posts')).toBe(
      'https://api.linkedin.com/rest/posts',
    );
    expect(platformMode(config, 'twitter')).toBe('sandbox');
    expect(platformCredentials(config, 'twitter')?.clientId).toBe('postloom-demo-twitter');
  });

  it('marks a platform without credentials unavailable when demo mode is off', () => {
    const config = loadConfig({ DEMO_MODE: 'off' });
    expect(platformMode(config, 'threads')).toBe('unavailable');
    expect(platformCredentials(config, 'threads')).toBeNull();
  });
});
