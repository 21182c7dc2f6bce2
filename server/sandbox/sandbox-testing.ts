import crypto from 'node:crypto';

/** Helpers for tests that talk to a running sandbox over HTTP. */

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = crypto.randomBytes(32).toString('base64url');
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

/** GETs an authorize URL on an auto-approving sandbox and returns the redirect's URL. */
export async function followAuthorize(url: string): Promise<URL> {
  const response = await fetch(url, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) {
    throw new Error(`Expected a redirect from ${url}, got ${response.status}: ${await response.text()}`);
  }
  return new URL(location);
}

/** What a test needs to drive a sandbox: its address and its control API's secret. */
export interface SandboxHandle {
  url: string;
  controlSecret: string;
}

/** Calls the control API: GET without a body, POST with one, or the given method. */
export async function control(
  sandbox: SandboxHandle,
  path: string,
  body?: unknown,
  method: string = body === undefined ? 'GET' : 'POST',
): Promise<Response> {
  return fetch(`${sandbox.url}/_control${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${sandbox.controlSecret}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export function form(values: Record<string, string>): { headers: Record<string, string>; body: string } {
  return {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(values).toString(),
  };
}
