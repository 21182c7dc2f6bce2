import type { Hono } from 'hono';
import { type GenerateSpecOptions, generateSpecs } from 'hono-openapi';
import type { OpenAPIV3_1 } from 'openapi-types';
import { webhookDocumentation } from '../../shared/webhooks/openapi-webhooks.js';
import { apiGuideHtml } from './api-guide.js';
import {
  finishOpenApiDocument,
  type ScopeForOperation,
  VALIDATION_ERROR_RESPONSE,
} from './openapi-document.js';
import type { AppEnv } from './types.js';

export interface OpenApiOptions {
  /** The API token scope of each operation (server/api-tokens/route-scopes.ts). */
  scopeForOperation?: ScopeForOperation;
  /** Whether the subscription gate may answer 402 for an operation. */
  isGated?: (method: string, openApiPath: string) => boolean;
}

const SPEC_OPTIONS: Partial<GenerateSpecOptions> = {
  includeEmptyPaths: true,
  exclude: [/^(?!\/api\/)/, '/api/openapi.json', '/api/docs'],
  defaultValidationErrorResponse: VALIDATION_ERROR_RESPONSE,
  documentation: {
    info: {
      title: 'Postloom API',
      version: '1.0.0',
      description:
        "Every operation names its security: the session cookie (web app), or `Authorization: Bearer <token>` with an API token (`pl_…`, Settings > API; `x-required-scope` names the scope each operation needs) or the extension's token from `POST /api/auth/token`. Errors are `{ code, message, field? }` (`ApiError`).",
    },
    webhooks: webhookDocumentation() as OpenAPIV3_1.Document['webhooks'],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        cookie: { type: 'apiKey', in: 'cookie', name: 'postloom_session' },
      },
    },
  },
};

/**
 * `GET /api/openapi.json` generated from the routes and their zod schemas, completed with the
 * server's address, each operation's security and scope; `GET /api/docs` renders it.
 */
export function mountOpenApi(app: Hono<AppEnv>, options: OpenApiOptions = {}): void {
  const scopeForOperation = options.scopeForOperation ?? (() => undefined);
  const isGated = options.isGated ?? (() => false);
  let cached: { appUrl: string; doc: OpenAPIV3_1.Document } | undefined;
  app.get('/api/openapi.json', async (c) => {
    const appUrl = c.var.deps.config.APP_URL;
    if (cached?.appUrl !== appUrl) {
      const doc = (await generateSpecs(app, SPEC_OPTIONS, c)) as OpenAPIV3_1.Document;
      cached = { appUrl, doc: finishOpenApiDocument(doc, { appUrl, scopeForOperation, isGated }) };
    }
    return c.json(cached.doc);
  });
  app.get('/api/docs', (c) =>
    c.html(DOCS_PAGE.replace('<!--guide-->', apiGuideHtml(c.var.deps.config.API_RATE_LIMIT_PER_MINUTE))),
  );
}

// A self-contained page (no CDN: Postloom must work offline) that lists every operation.
const DOCS_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Postloom API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1f2937;background:#f9fafb}
main{max-width:960px;margin:0 auto;padding:24px}
h1{margin:0 0 4px}section{background:#fff;border:1px solid #e5e7eb;border-radius:8px;margin:12px 0;padding:12px 16px}
.m{display:inline-block;min-width:64px;font-weight:700;font-family:monospace}.GET{color:#2563eb}.POST{color:#059669}.PUT,.PATCH{color:#d97706}.DELETE{color:#dc2626}
code{font-family:ui-monospace,monospace}#guide pre{background:#111827;color:#f9fafb;padding:12px;border-radius:6px;overflow:auto;font-size:13px}details pre{background:#f3f4f6;padding:8px;overflow:auto;font-size:12px}
</style></head><body><main><h1>Postloom API</h1><p id="d"></p><!--guide--><h2>Operations</h2><div id="ops">Loading…</div></main>
<script>
fetch('/api/openapi.json').then(r=>r.json()).then(doc=>{
  document.getElementById('d').textContent=doc.info.description||'';
  const ops=document.getElementById('ops');ops.textContent='';
  for(const [p,item] of Object.entries(doc.paths)){for(const [m,op] of Object.entries(item)){
    const s=document.createElement('section');const h=document.createElement('div');
    const mm=document.createElement('span');mm.className='m '+m.toUpperCase();mm.textContent=m.toUpperCase();
    const c=document.createElement('code');c.textContent=' '+p;h.append(mm,c);
    if(op.summary){const t=document.createElement('div');t.textContent=op.summary;h.append(t)}
    const d=document.createElement('details');const sm=document.createElement('summary');sm.textContent='Schema';
    const pre=document.createElement('pre');pre.textContent=JSON.stringify({parameters:op.parameters,requestBody:op.requestBody,responses:op.responses},null,2);
    d.append(sm,pre);s.append(h,d);ops.append(s);
  }}
});
</script></body></html>`;
