import { toSandboxUrl } from '../../shared/platforms/sandbox-contract.js';
import type { PendingConsent, PublishedPost } from './sandbox-types.js';

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f1f5f9;color:#0f172a}
main{max-width:640px;margin:0 auto;padding:24px 16px}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:20px;margin-bottom:16px}
.badge{display:inline-block;font-size:12px;font-weight:600;color:#92400e;background:#fef3c7;border-radius:999px;padding:2px 10px}
h1{font-size:20px;margin:12px 0 4px}p{line-height:1.5}.muted{color:#64748b;font-size:14px}
.who{display:flex;align-items:center;gap:12px;margin:16px 0}.who img{width:48px;height:48px;border-radius:50%}
ul.scopes{padding-left:20px;margin:8px 0}ul.scopes li{font-family:ui-monospace,monospace;font-size:13px;margin:2px 0}
.actions{display:flex;gap:12px;margin-top:20px;flex-wrap:wrap}
button{font:inherit;font-weight:600;border-radius:8px;padding:10px 20px;cursor:pointer;border:1px solid #cbd5e1;background:#fff;color:#0f172a}
button.primary{background:#4f46e5;border-color:#4f46e5;color:#fff}
label{display:block;font-size:14px;font-weight:600;margin-top:12px}
input[type=email]{width:100%;font:inherit;padding:8px 10px;border:1px solid #cbd5e1;border-radius:8px;margin-top:4px}
.post{display:flex;gap:12px}.post img{width:40px;height:40px;border-radius:50%}.post .text{white-space:pre-wrap;word-break:break-word;margin:6px 0}
a{color:#4338ca}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function renderConsentHtml(consent: PendingConsent, formAction: string): string {
  const { identity } = consent;
  const scopes = consent.scopes.length
    ? `<ul class="scopes">${consent.scopes.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>`
    : '<p class="muted">No scopes requested.</p>';
  const who = consent.emailInput
    ? `<label for="email">Sign in as (e-mail)</label><input id="email" name="email" type="email" required value="${escapeHtml(consent.emailInput.defaultEmail)}">`
    : `<p class="muted">You will connect as this demo account:</p><div class="who"><img src="${escapeHtml(identity.avatarUrl)}" alt=""><div><strong>${escapeHtml(identity.name)}</strong>${
        identity.handle ? `<div class="muted">@${escapeHtml(identity.handle)}</div>` : ''
      }</div></div>`;
  return page(
    `${consent.platformName} – authorize app`,
    `<div class="card"><span class="badge">Sandbox</span>
<h1>${escapeHtml(consent.platformName)}: authorize this app?</h1>
<p class="muted">App (client id): <strong>${escapeHtml(consent.clientId)}</strong></p>
<p>The app asks for these permissions:</p>${scopes}
<form method="post" action="${escapeHtml(formAction)}">${who}
<div class="actions">
<button class="primary" type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="cancel" formnovalidate>Cancel</button>
</div></form>
<p class="muted">This is Postloom's platform sandbox: nothing is sent to ${escapeHtml(consent.platformName)}.</p></div>`,
  );
}

export function renderPostsHtml(title: string, posts: PublishedPost[], sandboxBase: string): string {
  const items = posts.length
    ? posts.map((post) => postCard(post, sandboxBase)).join('')
    : '<div class="card"><p class="muted">Nothing has been published yet.</p></div>';
  return page(
    title,
    `<span class="badge">Sandbox</span><h1>${escapeHtml(title)}</h1><p class="muted">Posts published to the platform sandbox, newest first.</p>${items}`,
  );
}

export function renderPostHtml(post: PublishedPost | undefined, sandboxBase: string): string {
  if (!post) return page('Post not found', '<div class="card"><h1>This post does not exist</h1></div>');
  return page(`${post.accountName} on ${post.platform}`, postCard(post, sandboxBase));
}

function postCard(post: PublishedPost, sandboxBase: string): string {
  const media = post.media.length
    ? `<div class="muted">${post.media.map((m) => escapeHtml(m.kind)).join(', ')}</div>`
    : '';
  const reply = post.replyToId ? `<div class="muted">In reply to ${escapeHtml(post.replyToId)}</div>` : '';
  return `<article class="card post" data-platform="${escapeHtml(post.platform)}" data-id="${escapeHtml(post.id)}">
<img src="${escapeHtml(`${sandboxBase}/_sandbox/avatar/${post.platform}.svg`)}" alt="">
<div><strong>${escapeHtml(post.accountName)}</strong> <span class="muted">· ${escapeHtml(post.platform)} · <time datetime="${escapeHtml(post.createdAt)}">${escapeHtml(`${post.createdAt.slice(0, 16).replace('T', ' ')} UTC`)}</time></span>
${reply}<p class="text">${escapeHtml(post.text)}</p>${media}
<a href="${escapeHtml(toSandboxUrl(sandboxBase, post.permalink))}">${escapeHtml(post.permalink)}</a></div></article>`;
}

const AVATAR_COLOURS: Record<string, [string, string]> = {
  twitter: ['#0f172a', 'AR'],
  facebook: ['#1d4ed8', 'NB'],
  instagram: ['#db2777', 'NB'],
  linkedin: ['#0369a1', 'MR'],
  tiktok: ['#111827', 'JT'],
  threads: ['#334155', 'NB'],
  google: ['#16a34a', 'DU'],
};

export function renderAvatarSvg(name: string): string {
  const [colour, initials] = AVATAR_COLOURS[name] ?? ['#4f46e5', name.slice(0, 2).toUpperCase()];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128"><rect width="128" height="128" rx="64" fill="${colour}"/><text x="64" y="78" font-family="Arial,Helvetica,sans-serif" font-size="44" font-weight="700" fill="#fff" text-anchor="middle">${escapeHtml(initials)}</text></svg>`;
}
