import { createContext, useContext } from 'react';
import type { Colouring } from './useColouring';

/**
 * The explorer's colouring for the parts deep in the tool column that use it (the figure export): through context,
 * a recolour re-renders them alone rather than the whole column of buttons and tooltips around them.
 */
export const ColouringContext = createContext<Colouring | null>(null);

export function useColouringContext(): Colouring {
  const colouring = useContext(ColouringContext);
  if (!colouring) throw new Error('useColouringContext needs the explorer’s ColouringContext');
  return colouring;
}
