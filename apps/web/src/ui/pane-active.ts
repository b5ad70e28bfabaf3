import { createContext, useContext } from 'react';

/** False inside a kept-alive tab page that is currently hidden. */
export const PaneActiveContext = createContext(true);

export function usePaneActive(): boolean {
  return useContext(PaneActiveContext);
}
