/**
 * The console's date-and-time fields (`<input type="datetime-local">`) hold a wall-clock time in the
 * operator's own zone; the API takes and gives ISO 8601 instants in UTC.
 */

const LOCAL_INPUT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

/** The instant a `YYYY-MM-DDTHH:mm` field means in the operator's zone, as ISO UTC; null if it is none. */
export function localInputToIso(text: string): string | null {
  if (!LOCAL_INPUT_PATTERN.test(text)) return null;
  // A date-time without an offset is read as local time (ECMAScript's rule for this form).
  const instant = new Date(text);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO instant as the operator's wall-clock `YYYY-MM-DDTHH:mm`, for a date-and-time field. */
export function isoToLocalInput(iso: string): string {
  const instant = new Date(iso);
  return (
    `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}` +
    `T${pad(instant.getHours())}:${pad(instant.getMinutes())}`
  );
}
