import { createContext, useContext, useEffect, useEffectEvent, useRef } from 'react';

/** False inside a kept-alive tab page that is currently hidden. */
export const PaneActiveContext = createContext(true);

export function usePaneActive(): boolean {
  return useContext(PaneActiveContext);
}

/**
 * Calls `onShown` each time a kept-alive tab page is shown again (not when it first mounts, when
 * its queries load anyway): a tab that was hidden keeps its data, which may have changed meanwhile.
 */
export function usePaneShown(onShown: () => void): void {
  const active = usePaneActive();
  const wasActive = useRef(active);
  const shown = useEffectEvent(onShown);
  useEffect(() => {
    if (active && !wasActive.current) shown();
    wasActive.current = active;
  }, [active]);
}
