import { useCallback, useRef } from 'react';

/**
 * The previous value while the new one is equal to it (as JSON), so what is computed again on each
 * keystroke but comes out the same does not re-render the components that show it.
 */
export function useStableValue<T>(value: T): T {
  const ref = useRef<{ key: string; value: T } | null>(null);
  const key = JSON.stringify(value, (_name, item) => (item instanceof Map ? [...item.entries()] : item));
  if (!ref.current || ref.current.key !== key) ref.current = { key, value };
  return ref.current.value;
}

/** A callback whose identity never changes but that always runs the latest `fn`. */
export function useEventCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const ref = useRef(fn);
  ref.current = fn;
  return useCallback((...args: A) => ref.current(...args), []);
}
