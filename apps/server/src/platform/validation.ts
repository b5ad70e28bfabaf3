import type { FastifySchemaCompiler } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import type { z } from 'zod';
import { AppError } from './errors.ts';

/** Turns zod issues into the API's error: an unknown field is UNKNOWN_FIELD, anything else VALIDATION_FAILED. */
export function zodToAppError(error: z.ZodError): AppError {
  const issues = error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    code: issue.code,
    message: issue.message,
    ...(issue.code === 'unrecognized_keys' ? { keys: issue.keys } : {}),
  }));
  const unknown = error.issues.find((issue) => issue.code === 'unrecognized_keys');
  if (unknown && unknown.code === 'unrecognized_keys') {
    const field = [...unknown.path.map(String), unknown.keys[0] ?? ''].filter(Boolean).join('.');
    return new AppError('UNKNOWN_FIELD', { field }, { issues });
  }
  const detail = [...new Set(issues.map((i) => i.path || '(body)'))].join(', ');
  return new AppError('VALIDATION_FAILED', { detail }, { issues });
}

/**
 * Validates body, query and params with the route's zod schema. Values are parsed, not coerced,
 * unless a schema asks for coercion itself (query strings, which are text by nature).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema }) => {
  return (data: unknown) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: zodToAppError(result.error) };
  };
};

/** Serializes responses through their zod schema, so fields the client must not see are stripped. */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  return (data: unknown) => JSON.stringify(schema.parse(data));
};
