import { startTransition, useCallback, useRef, useState } from 'react';

/**
 * A text box's own copy of a text the composition holds: a keystroke redraws the box alone, and
 * the composition (tabs, counters, checks, the unsent copy) follows in a transition, which React
 * renders after the keystroke is on screen and interrupts for the next one. A change that comes
 * from elsewhere (a restored post, a reset, an opened group) replaces the copy.
 */
export function useLocalText(content: string, onContent: (value: string) => void) {
  const [text, setText] = useState(content);
  const [seen, setSeen] = useState(content);
  // What this box sent and the composition has not shown yet: arriving, they are not outside changes.
  const sent = useRef<string[]>([]);
  if (content !== seen) {
    setSeen(content);
    const index = sent.current.lastIndexOf(content);
    if (index >= 0) sent.current = sent.current.slice(index + 1);
    else {
      sent.current = [];
      setText(content);
    }
  }
  const change = useCallback(
    (value: string) => {
      setText(value);
      sent.current.push(value);
      startTransition(() => onContent(value));
    },
    [onContent],
  );
  return [text, change] as const;
}
