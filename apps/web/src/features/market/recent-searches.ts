import { useSyncExternalStore } from 'react';

/** Local-storage key of the search history, newest first. */
export const RECENT_SEARCHES_KEY = 'market.recentSearches';
export const RECENT_SEARCHES_MAX = 10;

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: readonly string[] = [];

function parse(raw: string | null): readonly string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value)
      ? value
          .filter((item): item is string => typeof item === 'string' && item.trim() !== '')
          .slice(0, RECENT_SEARCHES_MAX)
      : [];
  } catch {
    return [];
  }
}

/** The stored searches, newest first (the same array until storage changes, as React needs). */
export function readRecentSearches(): readonly string[] {
  const raw = localStorage.getItem(RECENT_SEARCHES_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = parse(raw);
  }
  return cached;
}

function write(list: readonly string[]): void {
  if (list.length === 0) localStorage.removeItem(RECENT_SEARCHES_KEY);
  else localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(list));
  for (const listener of listeners) listener();
}

/** Puts a search first; the same text in any letter case appears once; the oldest beyond ten go. */
export function rememberSearch(query: string): void {
  const text = query.trim();
  if (!text) return;
  const key = text.toLocaleLowerCase();
  write(
    [text, ...readRecentSearches().filter((item) => item.toLocaleLowerCase() !== key)].slice(0, RECENT_SEARCHES_MAX),
  );
}

export function clearRecentSearches(): void {
  write([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the app changed the history.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === RECENT_SEARCHES_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useRecentSearches(): readonly string[] {
  return useSyncExternalStore(subscribe, readRecentSearches);
}
