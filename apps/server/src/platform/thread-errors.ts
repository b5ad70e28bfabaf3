import type { ErrorCode } from '@bourse/shared/errors';
import type { MessageParams } from '@bourse/shared/i18n/index';
import { AppError } from './errors.ts';

/**
 * An error as it crosses from a worker thread (the order writer, the draw) to the main thread: an
 * AppError keeps its code and parameters, so the request is answered as if the main thread had
 * thrown it; any other error keeps its message, name, code and the thread's stack.
 */
export type SerializedError =
  | { app: true; code: ErrorCode; params: MessageParams; extra: Record<string, unknown> }
  | { app: false; message: string; name: string; code?: string | undefined; stack?: string | undefined };

export function serializeError(error: unknown): SerializedError {
  if (error instanceof AppError) {
    return { app: true, code: error.code, params: { ...error.params }, extra: { ...error.extra } };
  }
  const e = error instanceof Error ? error : new Error(String(error));
  const code = (e as { code?: unknown }).code;
  return {
    app: false,
    message: e.message,
    name: e.name,
    code: typeof code === 'string' ? code : undefined,
    stack: e.stack,
  };
}

/** The error again, on the main thread; `thread` names where it was thrown (in its stack). */
export function deserializeError(error: SerializedError, thread: string): Error {
  if (error.app) return new AppError(error.code, error.params, error.extra);
  const revived = new Error(error.message) as Error & { code?: string };
  revived.name = error.name;
  if (error.code !== undefined) revived.code = error.code;
  revived.stack = `${error.name}: ${error.message}\n    (on the ${thread} thread)\n${error.stack ?? ''}`;
  return revived;
}
