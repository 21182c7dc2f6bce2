import { startTransition, useCallback, useEffect, useLayoutEffect, useRef } from 'react';

/** How long typing rests before the composition follows the box. */
const FOLLOW_AFTER_MS = 120;

/**
 * A text box that keeps its own text (uncontrolled) while the composition holds it too. A
 * keystroke runs no React render: the composition (tabs, counters, checks, the unsent copy)
 * follows once typing rests, in a transition React can interrupt, so a fast typist's frames carry
 * the text alone. Leaving the box (a click on a button, another tab) or Escape hands the text over
 * at once, so an action or the "Discard this post?" question never sees an older text. A change
 * from elsewhere (a restored post, a reset, an opened group) is written into the box.
 */
export function useLocalText(content: string, onContent: (value: string) => void) {
  const ref = useRef<HTMLTextAreaElement>(null);
  // What this box sent and the composition has not shown yet: arriving, they are not outside changes.
  const sent = useRef<string[]>([]);
  const waiting = useRef<{ value: string; timer: ReturnType<typeof setTimeout> } | null>(null);
  const onContentRef = useRef(onContent);
  onContentRef.current = onContent;

  useLayoutEffect(() => {
    const index = sent.current.lastIndexOf(content);
    if (index >= 0) {
      sent.current = sent.current.slice(index + 1);
      return;
    }
    if (waiting.current) return;
    sent.current = [];
    if (ref.current && ref.current.value !== content) ref.current.value = content;
  }, [content]);

  const flush = useCallback(() => {
    const pending = waiting.current;
    if (!pending) return;
    clearTimeout(pending.timer);
    waiting.current = null;
    sent.current.push(pending.value);
    onContentRef.current(pending.value);
  }, []);

  const change = useCallback(
    (value: string) => {
      if (waiting.current) clearTimeout(waiting.current.timer);
      const timer = setTimeout(() => startTransition(flush), FOLLOW_AFTER_MS);
      waiting.current = { value, timer };
    },
    [flush],
  );

  // A box that goes away (another tab) hands its text over first.
  useEffect(() => flush, [flush]);

  return { ref, change, flush };
}
