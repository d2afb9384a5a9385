import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Whether the plots have focus, and the wheel held back from deck until they do.
 *
 * The mouse wheel zooms only once the plots have focus (a click or Tab): scrolling the page past them must not
 * zoom them on the way. While a selection tool is on, the overlay takes the pointer and the views stay still.
 * The wheel is held back before deck sees it rather than switched off in the views: new views redraw every
 * layer (hundreds of ms a frame without a GPU), and the focus moves each time a dialog opens or closes.
 */
export function useWheelFocus(
  containerRef: RefObject<HTMLDivElement | null>,
): [focused: boolean, setFocused: (focused: boolean) => void] {
  const [focused, setFocused] = useState(false);
  const focusedRef = useRef(false);
  focusedRef.current = focused;
  useEffect(() => {
    // On the window, in the capture phase, for wheels over these plots only: the shared canvas lies outside this
    // element, and other panels (the samples) and the page keep their wheel.
    const holdBack = (event: WheelEvent) => {
      const box = containerRef.current?.getBoundingClientRect();
      if (focusedRef.current || !box) return;
      const over =
        event.clientX >= box.left &&
        event.clientX < box.right &&
        event.clientY >= box.top &&
        event.clientY < box.bottom;
      if (over) event.stopPropagation();
    };
    const target = containerRef.current?.ownerDocument.defaultView;
    target?.addEventListener('wheel', holdBack, { capture: true });
    return () => target?.removeEventListener('wheel', holdBack, { capture: true });
  }, [containerRef]);
  return [focused, setFocused];
}
