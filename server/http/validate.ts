import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ValidationTargets } from 'hono';
import { validator } from 'hono-openapi';
import { AppError } from '../core/errors.js';
import type { AppEnv } from './types.js';

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
    const issue = result.error[0];
    const field =
      issue?.path?.map((p) => (typeof p === 'object' ? String(p.key) : String(p))).join('.') ?? '';
    throw new AppError('validation_error', issue?.message ?? 'Invalid input', {
      field: field || undefined,
    });
  });
}
