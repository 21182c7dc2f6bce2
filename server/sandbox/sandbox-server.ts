import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { createControlRoutes } from './control.routes.js';
import { registerExampleFeeds } from './example-feed.js';
import { PLATFORM_MODULES } from './platform-modules.js';
import { approvalRedirect, cancelRedirect, createSandboxContext } from './sandbox-context.js';
import { renderAvatarSvg, renderPostsHtml } from './sandbox-html.js';
import { createSandboxState, logRequest, matchesPath } from './sandbox-state.js';
import type {
  Fault,
  SandboxContext,
  SandboxContextC,
  SandboxEnv,
  SandboxPlatformModule,
  SandboxSettings,
  SandboxState,
} from './sandbox-types.js';

interface SandboxOptions {
  port?: number;
  /** Loopback unless told otherwise: the sandbox hands out tokens and has a control API. */
  host?: string;
  /** The control API's secret; a random one per process when not given. */
  controlSecret?: string;
  autoApprove?: boolean;
  containerDelayMs?: number;
  rateLimits?: boolean;
  listDelayMs?: number;
}

interface CreateSandboxAppOptions {
  state?: SandboxState;
  settings?: Partial<SandboxSettings>;
  modules?: SandboxPlatformModule[];
  /** Requests held open by timeout faults; released when the sandbox closes. */
  hanging?: Set<() => void>;
  /** Required as `Authorization: Bearer <secret>` on `/_control/*`. */
  controlSecret: string;
}

/** The only headers a fault may set: what platforms send with 429s. Never cookies or content types. */
export const FAULT_HEADERS = new Set([
  'retry-after',
  'x-rate-limit-limit',
  'x-rate-limit-remaining',
  'x-rate-limit-reset',
  'x-app-usage',
  'x-business-use-case-usage',
]);

/**
 * The sandbox as a Hono app: `https://<host>/<path>` of every platform is served at
 * `/<host>/<path>`; `/_control/*` is the control API and `/_sandbox` the published-posts page.
 */
function createSandboxApp(options: CreateSandboxAppOptions) {
  const state = options.state ?? createSandboxState(options.settings);
  const ctx = createSandboxContext(state);
  const hanging = options.hanging ?? new Set<() => void>();
  const modules = options.modules ?? PLATFORM_MODULES;
  const app = new Hono<SandboxEnv>();

  for (const module of modules) {
    for (const host of module.hosts) if (!state.hosts.has(host)) state.hosts.set(host, module.platform);
  }

  app.use('*', async (c, next) => {
    const path = c.req.path;
    if (path.startsWith('/_') || path === '/') return next();
    const host = path.split('/')[1] ?? '';
    c.set('platform', state.hosts.get(host) ?? null);
    // The time the request arrived (what the publishing benchmark measures), not when it was answered.
    const arrivedAt = ctx.now();
    const fault = takeFault(state, c.get('platform'), c.req.method, path);
    if (fault?.kind === 'delay') {
      await new Promise((resolve) => setTimeout(resolve, fault.delayMs ?? 0));
    } else if (fault && !fault.commit) {
      return applyFault(c, fault, state, hanging, path);
    }
    await next();
    if (fault && fault.kind !== 'delay') return applyFault(c, fault, state, hanging, path);
    logRequest(state, {
      time: new Date(arrivedAt).toISOString(),
      method: c.req.method,
      path,
      platform: c.get('platform'),
      status: c.res.status,
    });
  });

  app.use('/_control/*', async (c, next) => {
    if (!isControlSecret(c.req.header('authorization'), options.controlSecret)) {
      return c.json({ error: 'The sandbox control API needs its secret (Authorization: Bearer).' }, 401);
    }
    return next();
  });
  app.route('/_control', createControlRoutes(ctx));
  registerSandboxPages(app, ctx);
  registerExampleFeeds(app, ctx);
  for (const module of modules) module.register(app, ctx);
  return app;
}

function takeFault(
  state: SandboxState,
  platform: string | null,
  method: string,
  path: string,
): Fault | undefined {
  for (const fault of state.faults) {
    if (fault.platform && fault.platform !== platform) continue;
    if (fault.method && fault.method !== method) continue;
    if (!matchesPath(fault, path)) continue;
    if (fault.times > 0) {
      fault.times -= 1;
      if (fault.times === 0) state.faults = state.faults.filter((f) => f !== fault);
    }
    return fault;
  }
  return undefined;
}

function isControlSecret(header: string | undefined, secret: string): boolean {
  const given = /^Bearer\s+(.+)$/i.exec(header?.trim() ?? '')?.[1] ?? '';
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(secret).digest();
  return given.length > 0 && crypto.timingSafeEqual(a, b);
}

function applyFault(
  c: SandboxContextC,
  fault: Fault,
  state: SandboxState,
  hanging: Set<() => void>,
  path: string,
): Response | Promise<Response> {
  const entry = {
    time: new Date(Date.now() + state.clockOffsetMs).toISOString(),
    method: c.req.method,
    path,
    platform: c.get('platform'),
    status: fault.kind === 'status' ? (fault.status ?? 500) : 0,
  };
  logRequest(state, entry);
  if (fault.kind === 'status') {
    const headers = new Headers();
    for (const [name, value] of Object.entries(fault.headers ?? {})) {
      if (FAULT_HEADERS.has(name.toLowerCase())) headers.set(name, value);
    }
    // A string body is served as plain text: a fault can never make the sandbox serve a page.
    headers.set('x-content-type-options', 'nosniff');
    const body = fault.body ?? { error: 'Injected sandbox fault', status: entry.status };
    if (typeof body === 'string') {
      headers.set('content-type', 'text/plain; charset=utf-8');
      return new Response(body, { status: entry.status, headers });
    }
    headers.set('content-type', 'application/json');
    return new Response(JSON.stringify(body), { status: entry.status, headers });
  }
  if (fault.kind === 'reset') {
    c.env?.incoming?.socket?.destroy();
    return new Response(null, { status: 502 });
  }
  // Timeout: never answer; the request is released (with a 504) only when the sandbox closes.
  return new Promise<Response>((resolve) => {
    const release = () => resolve(new Response('Sandbox closed', { status: 504 }));
    hanging.add(release);
  });
}

function registerSandboxPages(app: Hono<SandboxEnv>, ctx: SandboxContext): void {
  app.get('/', (c) => c.redirect('/_sandbox'));
  app.get('/_sandbox', (c) => {
    // The newest 500 keep the page light after a benchmark; /_control/published has them all.
    const posts = ctx.state.posts.slice(-500).reverse();
    return c.html(renderPostsHtml('Published posts', posts, ctx.baseUrl(c)));
  });
  app.get('/_sandbox/avatar/:file', (c) => {
    const name = c.req.param('file').replace(/\.svg$/, '');
    return c.body(renderAvatarSvg(name), 200, {
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=86400',
    });
  });
  app.post('/_sandbox/consent/:id', async (c) => {
    const consent = ctx.state.consents.get(c.req.param('id'));
    if (!consent) return c.html('<p>This consent request has expired. Start again from the app.</p>', 404);
    ctx.state.consents.delete(consent.id);
    const form = await c.req.parseBody();
    if (form.decision !== 'approve') {
      return c.redirect(cancelRedirect(consent.redirectUri, consent.state, consent.cancelParams), 302);
    }
    const email = typeof form.email === 'string' && form.email.trim() ? form.email.trim() : undefined;
    const code = await consent.approve({ email: email ?? consent.emailInput?.defaultEmail });
    return c.redirect(approvalRedirect(consent.redirectUri, code, consent.state, consent.fragment), 302);
  });
}

export interface RunningSandbox {
  url: string;
  /** Bearer secret of the control API (tests pass the whole handle to the control helpers). */
  controlSecret: string;
  /** The interface it listens on. */
  address: string;
  state: SandboxState;
  close(): Promise<void>;
}

/** Starts the sandbox on its own port (0 = a free one), on 127.0.0.1 unless `host` says otherwise. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const state = createSandboxState({
    autoApprove: options.autoApprove,
    containerDelayMs: options.containerDelayMs,
    rateLimits: options.rateLimits,
    listDelayMs: options.listDelayMs,
  });
  const hanging = new Set<() => void>();
  const controlSecret = options.controlSecret ?? crypto.randomBytes(32).toString('base64url');
  const app = createSandboxApp({ state, hanging, controlSecret });
  const server = createAdaptorServer({ fetch: app.fetch });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // A deep accept queue: a benchmark opens thousands of connections in the same second, and
    // the default backlog (511) would drop SYNs and stall clients for whole retransmit timeouts.
    server.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1', backlog: 4096 }, () =>
      resolve(),
    );
  });
  const { port, address } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    controlSecret,
    address,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        for (const release of hanging) release();
        hanging.clear();
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}
