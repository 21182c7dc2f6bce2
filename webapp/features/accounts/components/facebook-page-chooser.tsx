import { useState } from 'react';
import type { ConnectCallbackResult, OauthFeedback } from '../../../../shared/accounts/account';
import { ApiError } from '../../../../shared/http/api-error';
import { Button } from '../../../components/button';
import { chooseFacebookPages } from '../api/complete-connect';

type Selection = NonNullable<ConnectCallbackResult['choosePages']>;

/** The user manages several Pages: they tick the ones to connect (one account per Page). */
export function FacebookPageChooser({
  selection,
  onDone,
}: {
  selection: Selection;
  onDone: (feedback: OauthFeedback) => void;
}) {
  const [chosen, setChosen] = useState<string[]>(selection.pages.map((p) => p.id));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    setBusy(true);
    setError(null);
    try {
      const result = await chooseFacebookPages({ selectionId: selection.selectionId, pageIds: chosen });
      onDone(result.feedback);
    } catch (err) {
      const message = err instanceof ApiError ? err.message : 'Facebook/Instagram connection failed';
      if (err instanceof ApiError && err.code === 'validation_error') {
        setError(message);
        setBusy(false);
      } else onDone({ type: 'error', message });
    }
  }

  return (
    <div className="flex min-h-screen items-center justify-center bg-gray-50 px-4 py-10">
      <div className="w-full max-w-md rounded-xl bg-white p-6 shadow-sm">
        <h1 className="font-semibold text-gray-900 text-lg">Choose Facebook Pages</h1>
        <p className="mt-1 text-gray-500 text-sm">Each Page you choose becomes a connected account.</p>
        <fieldset className="mt-4 flex flex-col gap-2">
          <legend className="sr-only">Pages</legend>
          {selection.pages.map((page) => (
            <label
              key={page.id}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-gray-200 px-3 py-2 hover:bg-gray-50"
            >
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-600"
                checked={chosen.includes(page.id)}
                onChange={(event) =>
                  setChosen((ids) =>
                    event.target.checked ? [...ids, page.id] : ids.filter((id) => id !== page.id),
                  )
                }
              />
              {page.pictureUrl ? <img src={page.pictureUrl} alt="" className="h-8 w-8 rounded-full" /> : null}
              <span className="font-medium text-gray-800 text-sm">{page.name}</span>
            </label>
          ))}
        </fieldset>
        {error ? (
          <p role="alert" className="mt-3 text-red-600 text-sm">
            {error}
          </p>
        ) : null}
        <div className="mt-5 flex justify-end gap-2">
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => onDone({ type: 'error', message: 'No Facebook Page was connected' })}
          >
            Cancel
          </Button>
          <Button loading={busy} disabled={chosen.length === 0} onClick={submit}>
            Connect {chosen.length === 1 ? 'Page' : `${chosen.length} Pages`}
          </Button>
        </div>
      </div>
    </div>
  );
}
