/// <reference lib="webworker" />
/**
 * Builds one of each Intl formatter the first screens use, for the locale it is sent, and answers when
 * done: the browser process loads ICU's number and date data on the first one (lib/intl-warm-up.ts).
 */
self.onmessage = (event: MessageEvent<string>) => {
  const locale = event.data;
  new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).formatToParts(1n);
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).formatToParts(0);
  new Intl.PluralRules(locale).select(1);
  self.postMessage('warm');
};

export {};
