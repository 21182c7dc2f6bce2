import { useState } from 'react';
import { detectedZone, isSameZone, zoneLabel } from '../../../../shared/time/zones';
import { Button } from '../../../components/button';

const DISMISSED_KEY = 'postloom:zoneNoticeDismissed';

function dismissedPair(): string | null {
  try {
    return localStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

/**
 * Says so when the browser's zone is not the user's stored one, and offers it in one click.
 * Nothing changes until "Use {zone}" is clicked; "Keep {zone}" hides the notice for this pair
 * of zones (it comes back when the browser moves to yet another zone).
 */
export function ZoneNotice({
  timezone,
  busy,
  onUse,
}: {
  timezone: string;
  busy: boolean;
  onUse: (zone: string) => void;
}) {
  const browser = detectedZone();
  const pair = `${timezone}|${browser}`;
  const [dismissed, setDismissed] = useState(dismissedPair);
  if (!browser || isSameZone(browser, timezone) || dismissed === pair) return null;

  function keep() {
    try {
      localStorage.setItem(DISMISSED_KEY, pair);
    } catch {
      // Private mode: hidden for this visit only.
    }
    setDismissed(pair);
  }

  return (
    <section
      aria-label="Time zone notice"
      className="mb-4 flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-amber-900 text-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <p>
        This browser is in <strong>{zoneLabel(browser)}</strong>, but your times are shown in{' '}
        <strong>{zoneLabel(timezone)}</strong>.
      </p>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button size="sm" loading={busy} onClick={() => onUse(browser)}>
          Use {zoneLabel(browser)}
        </Button>
        <Button size="sm" variant="secondary" disabled={busy} onClick={keep}>
          Keep {zoneLabel(timezone)}
        </Button>
      </div>
    </section>
  );
}
