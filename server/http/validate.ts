import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ValidationTargets } from 'hono';
import { validator } from 'hono-openapi';
import type { z } from 'zod';
import { AppError } from '../core/errors.js';
import type { AppEnv } from './types.js';

type Issue = StandardSchemaV1.Issue | z.core.$ZodIssue;

/** 400 `{ code: 'validation_error', field, message }` from a schema's first issue and its own message. */
function validationError(issue: Issue | undefined): AppError {
  const field =
    issue?.path?.map((p) => (typeof p === 'object' && p !== null ? String(p.key) : String(p))).join('.') ??
    '';
  return new AppError('validation_error', issue?.message ?? 'Invalid input', { field: field || undefined });
}

/**
 * Validates a request part with a shared zod schema and registers the schema in the
 * OpenAPI document. A failure answers 400 `{ code: 'validation_error', field, message }`
 * with the schema's own message (the spec's wording lives in the shared schemas).
 */
export function validate<Schema extends StandardSchemaV1, Target extends keyof ValidationTargets>(
  target: Target,
  schema: Schema,
) {
  return validator<Schema, Target, AppEnv, string>(target, schema, (result) => {
    if (result.success) return;
    throw validationError(result.error[0]);
  });
}

/** The same check for a value a route assembled itself (a body that is not JSON, say). */
export function parseInput<Schema extends z.ZodType>(schema: Schema, value: unknown): z.infer<Schema> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error.issues[0]);
  return parsed.data;
}
