import { useState } from 'react';
import type { CreatedApiToken } from '../../../../shared/api-tokens/api-tokens';
import { Button } from '../../../components/button';

/** The token just created: the only time it is shown, with a copy button. */
export function NewApiTokenNotice({ token, onDone }: { token: CreatedApiToken; onDone: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(token.token);
      setCopied('yes');
    } catch {
      // Clipboard access can be refused (an insecure origin, a browser setting): the text stays selectable.
      setCopied('failed');
    }
  }

  return (
    <div role="status" className="rounded-lg border border-green-200 bg-green-50 p-4">
      <p className="font-medium text-green-900 text-sm">Token “{token.name}” created</p>
      <p className="mt-1 text-green-800 text-sm">
        Copy it now: it is shown only once. Postloom keeps only a fingerprint of it.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <code
          data-testid="new-api-token"
          className="min-w-0 flex-1 select-all break-all rounded-md border border-green-200 bg-white px-3 py-2 font-mono text-gray-900 text-sm"
        >
          {token.token}
        </code>
        <Button variant="secondary" size="sm" onClick={copy}>
          {copied === 'yes' ? 'Copied' : 'Copy'}
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Done
        </Button>
      </div>
      {copied === 'failed' ? (
        <p className="mt-2 text-red-600 text-sm">Could not copy: select the token and copy it by hand.</p>
      ) : null}
    </div>
  );
}
