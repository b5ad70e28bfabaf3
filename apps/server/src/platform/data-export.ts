import { formatMinor } from '@bourse/shared/money';

/**
 * An investor's data export (issue 15) is assembled from every domain's `exportFor(db, userId)`:
 * each returns its tables' rows of that investor, named, with what must not leave the server (token
 * hashes, file names of identity images, full IBANs and ID numbers) taken out or masked by the
 * domain itself. Rows are made readable here: times (`…At`, milliseconds) as ISO 8601, amounts
 * (`…Minor`, minor units) as decimals.
 */
export type ExportRow = Record<string, unknown>;
export type ExportSection = Record<string, ExportRow[]>;

/** A row without the named fields, its times and amounts readable. */
export function exportRow<T extends object>(row: T, omit: readonly (keyof T)[] = []): ExportRow {
  const out: ExportRow = {};
  for (const [key, value] of Object.entries(row)) {
    if ((omit as readonly string[]).includes(key)) continue;
    out[key] = readable(key, value);
  }
  return out;
}

function readable(key: string, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  const number = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  if (key.endsWith('At') && typeof number === 'number') return new Date(number).toISOString();
  if (key.endsWith('Minor') && typeof number === 'number') return formatMinor(number);
  return typeof value === 'bigint' ? Number(value) : value;
}
