import { useLayoutEffect, useRef, type RefObject } from 'react';
import { createPlotsDeck, plotsCanvas, type HandedDeck, type DeckOfPlots, type DeckOfPlotsProps } from './deckCanvas';

/**
 * The Deck of a PlotsDeck, drawing into a canvas inside `host` while `on`: made when `on` turns true — or, when
 * `takeHanded` gives one, the Deck a page drew its first frame with, its canvas moved into `host` as it is — and
 * finalised when `on` turns false or the component unmounts. Later props go to the same Deck, which redraws on its
 * next animation frame. The canvas is not React's: React never rerenders or removes it. `deckRef` (the caller's,
 * so that callbacks made before this hook runs can read it) holds the live Deck, null while there is none.
 */
export function useDeck(
  host: RefObject<HTMLElement | null>,
  on: boolean,
  props: DeckOfPlotsProps,
  deckRef: RefObject<DeckOfPlots | null>,
  takeHanded?: () => HandedDeck | null,
): void {
  const applied = useRef<DeckOfPlotsProps | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const take = useRef(takeHanded);
  take.current = takeHanded;

  useLayoutEffect(() => {
    const parent = host.current;
    if (!on || !parent) return;
    const handed = take.current?.() ?? null;
    const canvas = handed?.canvas ?? plotsCanvas();
    parent.appendChild(canvas);
    let deck: DeckOfPlots;
    if (handed) {
      handed.release();
      deck = handed.deck;
      deck.setProps(latest.current);
    } else {
      deck = createPlotsDeck(canvas, latest.current);
    }
    deckRef.current = deck;
    applied.current = latest.current;
    return () => {
      deck.finalize();
      canvas.remove();
      deckRef.current = null;
      applied.current = null;
    };
  }, [host, on, deckRef]);

  useLayoutEffect(() => {
    if (!deckRef.current || applied.current === props) return;
    applied.current = props;
    deckRef.current.setProps(props);
  }, [props, deckRef]);
}
