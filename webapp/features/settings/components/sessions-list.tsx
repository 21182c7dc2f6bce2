import { toast } from 'sonner';
import { describeUserAgent } from '../../../../shared/settings/sessions';
import { formatDateTime } from '../../../../shared/time/format';
import { Button } from '../../../components/button';
import { usePreferences } from '../../../shared/preferences/preferences';
import { useSessions, useSignOutSession } from '../api/sessions';

/** Browsers and extensions signed in to this account, each with "Sign out". */
export function SessionsList() {
  const sessions = useSessions();
  const signOut = useSignOutSession();
  const { timezone, timeFormat } = usePreferences();
  const when = (iso: string) => formatDateTime(iso, timezone, timeFormat);
  if (sessions.isPending) return <p className="text-gray-500 text-sm">Loading sessions…</p>;
  if (sessions.error) return <p className="text-red-600 text-sm">Failed to load your sessions.</p>;
  return (
    <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200">
      {sessions.data.map((session) => (
        <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="min-w-0">
            <p className="font-medium text-gray-900 text-sm">
              {describeUserAgent(session.userAgent, session.kind)}
              {session.current ? ' ' : null}
              {session.current ? (
                <span className="ml-1 rounded-full bg-green-100 px-2 py-0.5 font-medium text-green-800 text-xs">
                  This device
                </span>
              ) : null}
            </p>
            <p className="text-gray-500 text-xs">
              {session.ipAddress ? `${session.ipAddress} · ` : ''}Last active {when(session.lastUsedAt)} ·
              Signed in {when(session.createdAt)}
            </p>
          </div>
          {session.current ? null : (
            <Button
              variant="secondary"
              size="sm"
              loading={signOut.isPending && signOut.variables === session.id}
              onClick={() =>
                signOut.mutate(session.id, {
                  onSuccess: () => toast.success('Signed out'),
                  onError: () => toast.error('Failed to sign out that session. Please try again.'),
                })
              }
            >
              Sign out
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
