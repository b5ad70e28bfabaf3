import { describe, expect, it, vi } from 'vitest';

// The screens' chunks as spies: which the opening screen's preload asks for, before anything renders.
const screens = vi.hoisted(() => {
  const module = (name: string) => vi.fn(() => Promise.resolve({ default: () => name }));
  return {
    DetailRoute: module('detail'),
    PersonCenterRoute: module('person centre'),
    NewsArticleRoute: module('article'),
  };
});
vi.mock('./screens', () => screens);

const { preloadOpeningScreen } = await import('./router');

describe('preloadOpeningScreen', () => {
  it('with a session, starts the chunk of the screen the app opens on (its path parameters matched)', async () => {
    preloadOpeningScreen({ pathname: '/personCenter', hasToken: true });
    await vi.waitFor(() => expect(screens.PersonCenterRoute).toHaveBeenCalledTimes(1));
    expect(screens.DetailRoute).not.toHaveBeenCalled();

    preloadOpeningScreen({ pathname: '/news/42', hasToken: true });
    await vi.waitFor(() => expect(screens.NewsArticleRoute).toHaveBeenCalledTimes(1));
  });

  it('starts no screen of a session for a visitor, nor on the login with a session', async () => {
    preloadOpeningScreen({ pathname: '/detail', hasToken: false });
    preloadOpeningScreen({ pathname: '/login', hasToken: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screens.DetailRoute).not.toHaveBeenCalled();
  });
});
