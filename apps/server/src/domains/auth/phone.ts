import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** The E.164 form of a phone number given with its country code, or null when it is not a valid number. */
export function toE164(input: string): string | null {
  const trimmed = input.trim().replace(/^00/, '+');
  if (!trimmed.startsWith('+')) return null;
  const parsed = parsePhoneNumberFromString(trimmed);
  return parsed?.isValid() ? parsed.number : null;
}
