import { useState } from 'react';
import { toast } from 'sonner';
import type { ApiTokenSummary } from '../../../../shared/api-tokens/api-tokens';
import { formatDateTime } from '../../../../shared/time/format';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { usePreferences } from '../../../shared/preferences/preferences';
import { useApiTokens, useRevokeApiToken } from '../api/api-tokens';

/** The user's API tokens with their scopes, creation, last use and expiry; each can be revoked. */
export function ApiTokensList() {
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const [confirming, setConfirming] = useState<ApiTokenSummary | null>(null);
  const { timezone, timeFormat } = usePreferences();
  const when = (iso: string) => formatDateTime(iso, timezone, timeFormat);
  if (tokens.isPending) return <p className="text-gray-500 text-sm">Loading tokens…</p>;
  if (tokens.error) return <p className="text-red-600 text-sm">Failed to load your API tokens.</p>;
  if (tokens.data.length === 0) return <p className="text-gray-500 text-sm">No API tokens yet.</p>;
  return (
    <>
      <ul aria-label="API tokens" className="divide-y divide-gray-100 rounded-lg border border-gray-200">
        {tokens.data.map((token) => (
          <li key={token.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              <p className="font-medium text-gray-900 text-sm">
                {token.name}{' '}
                <span className="font-mono font-normal text-gray-500 text-xs">pl_…{token.hint}</span>
              </p>
              <p className="mt-1 flex flex-wrap gap-1">
                {token.scopes.map((scope) => (
                  <code key={scope} className="rounded bg-gray-100 px-1.5 py-0.5 text-gray-700 text-xs">
                    {scope}
                  </code>
                ))}
              </p>
              <p className="mt-1 text-gray-500 text-xs">
                Created {when(token.createdAt)} ·{' '}
                {token.lastUsedAt ? `Last used ${when(token.lastUsedAt)}` : 'Never used'} ·{' '}
                {token.expiresAt ? `Expires ${when(token.expiresAt)}` : 'Never expires'}
              </p>
            </div>
            <Button variant="secondary" size="sm" onClick={() => setConfirming(token)}>
              Revoke
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        title="Revoke API token"
        message={`Revoke “${confirming?.name ?? ''}”? Programs using it stop working at once.`}
        confirmLabel="Revoke"
        cancelLabel="Cancel"
        busy={revoke.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (!confirming) return;
          revoke.mutate(confirming.id, {
            onSuccess: () => {
              toast.success('Token revoked');
              setConfirming(null);
            },
            onError: () => toast.error('Failed to revoke the token. Please try again.'),
          });
        }}
      />
    </>
  );
}
