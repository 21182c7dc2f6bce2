import { API_SCOPE_DESCRIPTIONS, API_SCOPES } from '../../shared/api-tokens/api-tokens.js';

/**
 * One task done with curl, as the API docs page shows it. `script` is run as it stands by
 * tests/integration/api-tokens-docs.test.ts against a live server, with POSTLOOM_URL,
 * POSTLOOM_TOKEN, ACCOUNT_ID and OTHER_ACCOUNT_ID set and a photo.png in the working directory.
 */
export interface ApiExample {
  title: string;
  scopes: string[];
  script: string;
}

export const API_EXAMPLES: ApiExample[] = [
  {
    title: 'Create one post for two accounts at once (at their next free posting time)',
    scopes: ['posts:write'],
    script: `curl -s -X POST "$POSTLOOM_URL/api/post-groups" \\
  -H "Authorization: Bearer $POSTLOOM_TOKEN" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: launch-post-1" \\
  -d '{"accountIds": ["'"$ACCOUNT_ID"'", "'"$OTHER_ACCOUNT_ID"'"],
       "shared": {"content": "Our new release is out!"},
       "action": "queue"}'`,
  },
  {
    title: 'Upload a photo, then schedule a post with it',
    scopes: ['media:write', 'posts:write'],
    script: `MEDIA_ID=$(curl -s -X POST "$POSTLOOM_URL/api/media" \\
  -H "Authorization: Bearer $POSTLOOM_TOKEN" \\
  -F "file=@photo.png" | jq -r .media.id)
curl -s -X POST "$POSTLOOM_URL/api/posts" \\
  -H "Authorization: Bearer $POSTLOOM_TOKEN" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: photo-post-1" \\
  -d '{"socialAccountId": "'"$ACCOUNT_ID"'", "content": "Photo of the day",
       "media": ["'"$MEDIA_ID"'"], "action": "schedule",
       "scheduledAt": "2030-01-15T09:00:00Z"}'`,
  },
  {
    title: 'List the posts that failed',
    scopes: ['posts:read'],
    script: `curl -s "$POSTLOOM_URL/api/posts?view=sent&status=failed" \\
  -H "Authorization: Bearer $POSTLOOM_TOKEN"`,
  },
];

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The docs page's guide: authenticating with a token, the scopes, limits, and the examples. */
export function apiGuideHtml(perMinute: number): string {
  const scopes = API_SCOPES.map(
    (scope) => `<li><code>${scope}</code>: ${escapeHtml(API_SCOPE_DESCRIPTIONS[scope])}</li>`,
  ).join('');
  const examples = API_EXAMPLES.map(
    (example) =>
      `<h3>${escapeHtml(example.title)}</h3><p>Scopes: ${example.scopes.map((s) => `<code>${s}</code>`).join(', ')}</p><pre>${escapeHtml(example.script)}</pre>`,
  ).join('');
  return `<section id="guide"><h2>Authenticate with an API token</h2>
<p>Create a token in Postloom under <b>Settings &gt; API</b>: give it a name, the scopes it needs and an expiry. It starts with <code>pl_</code> and is shown once. Send it with every request:</p>
<pre>export POSTLOOM_URL=${escapeHtml('https://postloom.example.com')}
export POSTLOOM_TOKEN=pl_…
curl -s "$POSTLOOM_URL/api/accounts" -H "Authorization: Bearer $POSTLOOM_TOKEN"</pre>
<p>A token reaches only the operations its scopes cover; any other answers <code>403</code> with <code>{"code": "insufficient_scope"}</code> naming the scope it needs. Signing in, passwords, sessions, API tokens, account deletion and billing are never reachable with a token.</p>
<h3>Scopes</h3><ul>${scopes}</ul>
<h3>Limits and retries</h3>
<p>Each token may make ${perMinute} requests a minute on this server: every answer carries <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> and <code>RateLimit-Reset</code> (seconds); past the limit the answer is <code>429</code> with <code>Retry-After</code>.</p>
<p>Send an <code>Idempotency-Key</code> header (any unique string up to 255 characters) with a POST that creates something: repeating it with the same body within 24 hours returns the first answer (with <code>Idempotent-Replayed: true</code>) and creates nothing new; the same key with a different body answers <code>422</code>; while the first request is still running a repeat answers <code>409</code>: retry a moment later.</p>
<h2>Examples</h2>
<p>The account ids come from <code>GET /api/accounts</code> (scope <code>accounts:read</code>).</p>
${examples}</section>`;
}
