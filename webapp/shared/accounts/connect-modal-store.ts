import { useSyncExternalStore } from 'react';

// One Connect Account modal for the whole app; any Connect Account button opens it.
let open = false;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function openConnectModal(): void {
  open = true;
  emit();
}

export function closeConnectModal(): void {
  open = false;
  emit();
}

export function useConnectModalOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
    () => false,
  );
}
