import { WifiOffIcon } from '../../components/icons';

/** Shown while the browser reports no network. */
export function OfflineBanner() {
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 bg-amber-50 px-4 py-2 text-amber-800 text-sm"
    >
      <WifiOffIcon className="h-4 w-4" />
      You are offline. Changes will not be saved until the connection is back.
    </div>
  );
}
