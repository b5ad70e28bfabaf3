import { describe, expect, it } from 'vitest';
import { catalogLoaders, oncePerLanguage } from './loaders.ts';
import { catalogs } from './index.ts';
import { LANGUAGES } from '../languages.ts';

describe('catalog loaders', () => {
  it('give each language its own complete catalog', async () => {
    for (const lang of LANGUAGES) expect(await catalogLoaders[lang]()).toBe(catalogs[lang]);
  });

  it('download a language once for concurrent callers, and again after a failure', async () => {
    const calls: string[] = [];
    let fail = true;
    const load = oncePerLanguage(async (lang) => {
      calls.push(lang);
      await Promise.resolve();
      if (fail) throw new Error('offline');
    });
    const both = [load('fr'), load('fr')];
    await expect(both[0]).rejects.toThrow('offline');
    await expect(both[1]).rejects.toThrow('offline');
    expect(calls).toEqual(['fr']);
    fail = false;
    await load('fr');
    await load('fr');
    await load('de');
    expect(calls).toEqual(['fr', 'fr', 'de']);
  });
});
