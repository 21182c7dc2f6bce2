import { startTransition, useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A text box that keeps its own text (uncontrolled) while the composition holds it too: a keystroke
 * runs no React render at all, and the composition (tabs, counters, checks, the unsent copy)
 * follows in a transition, which React renders after the keystroke is on screen and interrupts
 * for the next one. A change that comes from elsewhere (a restored post, a reset, an opened group)
 * is written into the box.
 */
export function useLocalText(content: string, onContent: (value: string) => void) {
  const ref = useRef<HTMLTextAreaElement>(null);
  // What this box sent and the composition has not shown yet: arriving, they are not outside changes.
  const sent = useRef<string[]>([]);
  useLayoutEffect(() => {
    const index = sent.current.lastIndexOf(content);
    if (index >= 0) {
      sent.current = sent.current.slice(index + 1);
      return;
    }
    sent.current = [];
    if (ref.current && ref.current.value !== content) ref.current.value = content;
  }, [content]);
  const change = useCallback(
    (value: string) => {
      sent.current.push(value);
      startTransition(() => onContent(value));
    },
    [onContent],
  );
  return { ref, change };
}
