import { Hono } from 'hono';
import { SANDBOX_MAX_LIST_DELAY_MS } from '../../shared/platforms/sandbox-contract.js';
import { listRequests, matchesPath, resetSandboxState } from './sandbox-state.js';
import type { Fault, FaultKind, SandboxContext, SandboxEnv } from './sandbox-types.js';

const FAULT_KINDS: FaultKind[] = ['status', 'timeout', 'reset', 'delay'];

/** `x` is accepted as another name for `twitter` everywhere in the control API. */
function platformName(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  return value === 'x' ? 'twitter' : value;
}

/** The control API (JSON) used by tests and demos: reset, settings, faults, tokens, clock, logs. */
export function createControlRoutes(ctx: SandboxContext) {
  const { state } = ctx;
  let faultSeq = 0;
  return new Hono<SandboxEnv>()
    .post('/reset', (c) => {
      resetSandboxState(state);
      return c.json({ ok: true });
    })
    .get('/settings', (c) => c.json(state.settings))
    .post('/settings', async (c) => {
      const body = (await ctx.readJson<Record<string, unknown>>(c)) ?? {};
      if (typeof body.autoApprove === 'boolean') state.settings.autoApprove = body.autoApprove;
      if (typeof body.containerDelayMs === 'number' && body.containerDelayMs >= 0) {
        state.settings.containerDelayMs = body.containerDelayMs;
      }
      if (typeof body.rateLimits === 'boolean') state.settings.rateLimits = body.rateLimits;
      if (typeof body.listDelayMs === 'number' && body.listDelayMs >= 0) {
        // Postloom waits at most this long for a post it may have sent to be listed.
        state.settings.listDelayMs = Math.min(body.listDelayMs, SANDBOX_MAX_LIST_DELAY_MS);
      }
      return c.json(state.settings);
    })
    .post('/faults', async (c) => {
      const body = (await ctx.readJson<Record<string, unknown>>(c)) ?? {};
      const kind = body.kind as FaultKind;
      if (!FAULT_KINDS.includes(kind))
        return c.json({ error: "kind must be 'status', 'timeout', 'reset' or 'delay'" }, 400);
      if (kind === 'status' && (typeof body.status !== 'number' || body.status < 100 || body.status > 599)) {
        return c.json({ error: 'status must be an HTTP status code' }, 400);
      }
      if (body.pathPattern !== undefined) {
        return c.json({ error: 'pathPattern is not supported: use path, pathPrefix or pathSuffix' }, 400);
      }
      const fault: Fault = {
        id: `fault_${++faultSeq}`,
        platform: platformName(body.platform),
        method: typeof body.method === 'string' ? body.method.toUpperCase() : undefined,
        path: optionalString(body.path),
        pathPrefix: optionalString(body.pathPrefix),
        pathSuffix: optionalString(body.pathSuffix),
        kind,
        status: typeof body.status === 'number' ? body.status : undefined,
        body: body.body,
        headers: isStringRecord(body.headers) ? body.headers : undefined,
        times: typeof body.times === 'number' && body.times >= 0 ? Math.floor(body.times) : 1,
        commit: body.commit === true,
        delayMs:
          typeof body.delayMs === 'number' && body.delayMs >= 0 ? Math.min(body.delayMs, 60_000) : undefined,
      };
      state.faults.push(fault);
      return c.json({ id: fault.id }, 201);
    })
    .get('/faults', (c) => c.json({ faults: state.faults }))
    .delete('/faults', (c) => {
      state.faults = [];
      return c.json({ ok: true });
    })
    .delete('/faults/:id', (c) => {
      state.faults = state.faults.filter((f) => f.id !== c.req.param('id'));
      return c.json({ ok: true });
    })
    .post('/expire-tokens', async (c) => {
      const body = (await ctx.readJson<Record<string, unknown>>(c)) ?? {};
      const platform = platformName(body.platform);
      const expiredAt = ctx.now() - 1;
      let expired = 0;
      for (const token of state.tokens.values()) {
        if (token.kind !== 'access' || (platform && token.platform !== platform)) continue;
        token.expiresAt = expiredAt;
        expired++;
      }
      return c.json({ expired });
    })
    .post('/clock', async (c) => {
      const body = (await ctx.readJson<Record<string, unknown>>(c)) ?? {};
      if (typeof body.advanceMs !== 'number' || body.advanceMs < 0) {
        return c.json({ error: 'advanceMs must be a non-negative number' }, 400);
      }
      state.clockOffsetMs += body.advanceMs;
      return c.json({ now: new Date(ctx.now()).toISOString(), offsetMs: state.clockOffsetMs });
    })
    .get('/published', (c) => {
      const platform = platformName(c.req.query('platform'));
      const posts = platform ? state.posts.filter((p) => p.platform === platform) : state.posts;
      return c.json({ posts });
    })
    .get('/requests', (c) => {
      const platform = platformName(c.req.query('platform'));
      if (c.req.query('pathPattern') !== undefined) {
        return c.json({ error: 'pathPattern is not supported: use path, pathPrefix or pathSuffix' }, 400);
      }
      const filter = {
        path: c.req.query('path'),
        pathPrefix: c.req.query('pathPrefix'),
        pathSuffix: c.req.query('pathSuffix'),
      };
      const requests = listRequests(state).filter(
        (r) => (!platform || r.platform === platform) && matchesPath(filter, r.path),
      );
      return c.json({ requests });
    });
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value as Record<string, unknown>).every((v) => typeof v === 'string')
  );
}
