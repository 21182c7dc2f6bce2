import { useAppConfig } from '../../shared/app-config/get-app-config';

/** Said in the sidebar when an operator turned demo mode on for a public server. */
export function DemoModeNotice() {
  const { data: config } = useAppConfig();
  if (!config?.publicDemoMode) return null;
  return (
    <p
      role="note"
      className="mx-1 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900 text-xs"
    >
      <strong className="font-semibold">Demo mode is on.</strong> Platforms without credentials are simulated
      by the built-in sandbox: nothing you post there is public.
    </p>
  );
}
