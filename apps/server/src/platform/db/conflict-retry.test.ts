import { describe, expect, it } from 'vitest';
import { CONFLICT_ATTEMPTS, isRetryableConflict, withConflictRetry } from './database.ts';

/** An error as node-postgres raises it: a `code` with PostgreSQL's SQLSTATE. */
const pgError = (code: string) => Object.assign(new Error(`SQLSTATE ${code}`), { code });

describe('withConflictRetry', () => {
  it('knows a deadlock (40P01) and a serialization failure (40001), nothing else', () => {
    expect(isRetryableConflict(pgError('40P01'))).toBe(true);
    expect(isRetryableConflict(pgError('40001'))).toBe(true);
    expect(isRetryableConflict(pgError('23505'))).toBe(false);
    expect(isRetryableConflict(new Error('40P01'))).toBe(false);
    expect(isRetryableConflict(undefined)).toBe(false);
  });

  it('runs an aborted attempt again after a growing pause and answers with the first success', async () => {
    const pauses: number[] = [];
    let attempts = 0;
    const result = await withConflictRetry(
      async () => {
        attempts += 1;
        if (attempts < 3) throw pgError(attempts === 1 ? '40P01' : '40001');
        return 'done';
      },
      async (ms) => void pauses.push(ms),
    );
    expect(result).toBe('done');
    expect(attempts).toBe(3);
    expect(pauses).toHaveLength(2);
    expect(pauses[0]).toBeGreaterThanOrEqual(5);
    expect(pauses[0]).toBeLessThanOrEqual(25);
    expect(pauses[1]).toBeGreaterThanOrEqual(10);
    expect(pauses[1]).toBeLessThanOrEqual(50);
  });

  it('gives up after CONFLICT_ATTEMPTS and throws the conflict', async () => {
    let attempts = 0;
    const run = withConflictRetry(
      async () => {
        attempts += 1;
        throw pgError('40P01');
      },
      async () => undefined,
    );
    await expect(run).rejects.toMatchObject({ code: '40P01' });
    expect(attempts).toBe(CONFLICT_ATTEMPTS);
  });

  it('does not run again after any other error', async () => {
    let attempts = 0;
    const run = withConflictRetry(
      async () => {
        attempts += 1;
        throw pgError('23505');
      },
      async () => undefined,
    );
    await expect(run).rejects.toMatchObject({ code: '23505' });
    expect(attempts).toBe(1);
  });
});
