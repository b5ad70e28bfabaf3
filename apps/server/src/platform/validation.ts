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
 * The path of the first string in `data` that holds a NUL character, or null. PostgreSQL cannot
 * store U+0000 in text (it fails the statement: a 500 where SQLite stored it), and no field of the
 * API has a use for it, so every body, query and path parameter is refused with it, on both
 * dialects alike. Iterative, so a deeply nested body cannot exhaust the stack.
 */
export function nulCharacterPath(data: unknown): string | null {
  interface Node {
    value: unknown;
    key: string | null;
    parent: Node | null;
  }
  const pathOf = (node: Node, last?: string) => {
    const keys: string[] = last === undefined ? [] : [last];
    for (let at: Node | null = node; at && at.key !== null; at = at.parent) keys.push(at.key);
    return keys.reverse().join('.');
  };
  const pending: Node[] = [{ value: data, key: null, parent: null }];
  while (pending.length) {
    const node = pending.pop()!;
    const { value } = node;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return pathOf(node);
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [key, child] of Object.entries(value)) {
        if (key.includes('\u0000')) return pathOf(node, key);
        pending.push({ value: child, key, parent: node });
      }
    }
  }
  return null;
}

/** A zod parse of API input that also refuses NUL characters anywhere in what it accepts (VALIDATION_FAILED). */
export function parseInput<T extends z.ZodType>(
  schema: T,
  data: unknown,
): { value: z.output<T>; error?: undefined } | { error: AppError; value?: undefined } {
  // The schema first, so a field with its own rule (a nickname, an IBAN) answers with its own code;
  // then NUL characters anywhere in what the schema accepted (free text would otherwise reach the
  // database, which PostgreSQL refuses with a 500).
  const result = schema.safeParse(data);
  if (!result.success) return { error: zodToAppError(result.error) };
  const nul = nulCharacterPath(data);
  if (nul !== null) {
    return {
      error: new AppError(
        'VALIDATION_FAILED',
        { detail: nul || '(body)' },
        { issues: [{ path: nul, code: 'invalid_format', message: 'must not contain a NUL character' }] },
      ),
    };
  }
  return { value: result.data };
}

/**
 * Validates body, query and params with the route's zod schema. Values are parsed, not coerced,
 * unless a schema asks for coercion itself (query strings, which are text by nature).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema }) => {
  return (data: unknown) => parseInput(schema, data);
};

/** Serializes responses through their zod schema, so fields the client must not see are stripped. */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  return (data: unknown) => JSON.stringify(schema.parse(data));
};
