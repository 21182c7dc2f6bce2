import { describe, expect, it } from 'vitest';
import { demoClientCredentials, toSandboxUrl } from './sandbox-contract.js';

describe('the sandbox contract', () => {
  it('serves a platform host under the sandbox origin', () => {
    expect(toSandboxUrl('http://localhost:4010', 'https://api.x.com/2/tweets?x=1#top')).toBe(
      'http://localhost:4010/api.x.com/2/tweets?x=1#top',
    );
  });

  it('leaves a URL already on the sandbox as it is', () => {
    expect(toSandboxUrl('http://localhost:4010', 'http://localhost:4010/_sandbox/feed')).toBe(
      'http://localhost:4010/_sandbox/feed',
    );
  });

  it('names one demo client per platform', () => {
    expect(demoClientCredentials('linkedin')).toEqual({
      clientId: 'postloom-demo-linkedin',
      clientSecret: 'postloom-demo-linkedin-secret',
    });
  });
});
