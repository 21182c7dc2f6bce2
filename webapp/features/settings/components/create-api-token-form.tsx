import { type FormEvent, useState } from 'react';
import {
  API_SCOPE_DESCRIPTIONS,
  API_SCOPES,
  API_TOKEN_EXPIRIES,
  API_TOKEN_EXPIRY_LABELS,
  API_TOKEN_MESSAGES,
  type ApiScope,
  type ApiTokenExpiry,
  type CreatedApiToken,
} from '../../../../shared/api-tokens/api-tokens';
import { ApiError } from '../../../../shared/http/api-error';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { useCreateApiToken } from '../api/api-tokens';

/** Name, scopes and expiry of a new token; hands the created token (shown once) to `onCreated`. */
export function CreateApiTokenForm({ onCreated }: { onCreated: (token: CreatedApiToken) => void }) {
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>(['posts:read', 'posts:write']);
  const [expiresIn, setExpiresIn] = useState<ApiTokenExpiry>('90d');
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);

  function toggle(scope: ApiScope) {
    setScopes((current) =>
      current.includes(scope) ? current.filter((s) => s !== scope) : [...current, scope],
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setError({ field: 'name', message: API_TOKEN_MESSAGES.nameRequired });
    if (scopes.length === 0) return setError({ field: 'scopes', message: API_TOKEN_MESSAGES.scopesRequired });
    setError(null);
    create.mutate(
      { name: name.trim(), scopes, expiresIn },
      {
        onSuccess: (created) => {
          setName('');
          onCreated(created);
        },
        onError: (failure) =>
          setError({
            field: failure instanceof ApiError ? failure.field : undefined,
            message: failure.message || 'Failed to create the token. Please try again.',
          }),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Create an API token">
      <TextField
        label="Token name"
        placeholder="e.g. Blog autoposter"
        value={name}
        maxLength={100}
        onChange={(event) => setName(event.target.value)}
        error={error?.field === 'name' ? error.message : undefined}
      />
      <fieldset className="mb-4">
        <legend className="mb-1 font-medium text-gray-700 text-sm">Scopes</legend>
        <ul className="grid gap-2 sm:grid-cols-2">
          {API_SCOPES.map((scope) => (
            <li key={scope}>
              <label className="flex items-start gap-2 rounded-lg border border-gray-200 p-2 text-sm hover:bg-gray-50">
                <input
                  type="checkbox"
                  className="mt-0.5 h-4 w-4 rounded border-gray-300 text-brand-600"
                  checked={scopes.includes(scope)}
                  onChange={() => toggle(scope)}
                />
                <span>
                  <code className="font-medium text-gray-900">{scope}</code>
                  <span className="block text-gray-500 text-xs">{API_SCOPE_DESCRIPTIONS[scope]}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        {error?.field === 'scopes' ? <p className="mt-1 text-red-600 text-sm">{error.message}</p> : null}
      </fieldset>
      <div className="mb-4">
        <label htmlFor="api-token-expiry" className="mb-1 block font-medium text-gray-700 text-sm">
          Expires
        </label>
        <select
          id="api-token-expiry"
          value={expiresIn}
          onChange={(event) => setExpiresIn(event.target.value as ApiTokenExpiry)}
          className="block h-11 w-full rounded-lg border border-gray-300 bg-white px-3 text-gray-900 text-sm shadow-sm sm:w-56"
        >
          {API_TOKEN_EXPIRIES.map((expiry) => (
            <option key={expiry} value={expiry}>
              {API_TOKEN_EXPIRY_LABELS[expiry]}
            </option>
          ))}
        </select>
      </div>
      {error && !error.field ? <p className="mb-3 text-red-600 text-sm">{error.message}</p> : null}
      <Button type="submit" loading={create.isPending}>
        Create token
      </Button>
    </form>
  );
}
