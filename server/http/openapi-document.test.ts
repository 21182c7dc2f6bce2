import type { OpenAPIV3_1 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { finishOpenApiDocument } from './openapi-document.js';

function documentWith(operations: Record<string, OpenAPIV3_1.OperationObject>): OpenAPIV3_1.Document {
  const paths: OpenAPIV3_1.PathsObject = {};
  for (const [key, operation] of Object.entries(operations)) {
    const [method, path] = key.split(' ') as [string, string];
    paths[path] = { ...paths[path], [method]: operation };
  }
  return { openapi: '3.1.0', info: { title: 't', version: '1' }, paths };
}

const answered = (): OpenAPIV3_1.OperationObject => ({ responses: { 200: { description: 'ok' } } });

describe('finishOpenApiDocument', () => {
  const scopes: Record<string, string | null> = {
    'GET /api/posts': 'posts:read',
    'POST /api/billing/cancel': null,
  };
  const doc = finishOpenApiDocument(
    documentWith({
      'get /api/posts': answered(),
      'post /api/billing/cancel': answered(),
      'post /api/auth/login': { ...answered(), security: [] },
      'get /api/media/{id}': answered(),
    }),
    {
      appUrl: 'https://postloom.example/',
      scopeForOperation: (method, path) => scopes[`${method} ${path}`],
      isGated: (_method, path) => path === '/api/posts',
    },
  );

  it('names the server and the error model', () => {
    expect(doc.servers).toEqual([{ url: 'https://postloom.example', description: 'This Postloom server' }]);
    expect(doc.components?.schemas?.ApiError).toMatchObject({
      type: 'object',
      required: ['code', 'message'],
    });
  });

  it('puts a scope on the bearer scheme and documents insufficient_scope', () => {
    const operation = doc.paths?.['/api/posts']?.get as OpenAPIV3_1.OperationObject & Record<string, unknown>;
    expect(operation.security).toEqual([{ cookie: [] }, { bearer: ['posts:read'] }]);
    expect(operation['x-required-scope']).toBe('posts:read');
    expect(Object.keys(operation.responses ?? {})).toEqual(['200', '401', '402', '403']);
    expect((operation.responses as Record<string, OpenAPIV3_1.ResponseObject>)['403']?.description).toContain(
      'posts:read',
    );
  });

  it('says when no API token may call an operation', () => {
    const operation = doc.paths?.['/api/billing/cancel']?.post as OpenAPIV3_1.OperationObject &
      Record<string, unknown>;
    expect(operation['x-required-scope']).toBeNull();
    expect(operation.security).toEqual([{ cookie: [] }, { bearer: [] }]);
    expect((operation.responses as Record<string, OpenAPIV3_1.ResponseObject>)['403']?.description).toContain(
      'API tokens cannot',
    );
  });

  it('leaves public operations public and gives the rest no scope when tokens have no say', () => {
    expect(doc.paths?.['/api/auth/login']?.post?.security).toEqual([]);
    expect(Object.keys(doc.paths?.['/api/auth/login']?.post?.responses ?? {})).toEqual(['200']);
    const media = doc.paths?.['/api/media/{id}']?.get as OpenAPIV3_1.OperationObject &
      Record<string, unknown>;
    expect(media['x-required-scope']).toBeUndefined();
    expect(Object.keys(media.responses ?? {})).toEqual(['200', '401']);
  });
});
