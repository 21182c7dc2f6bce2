import type { ReactNode } from 'react';
import type { AccountDto } from '../../../shared/accounts/account';
import { getPlatform } from '../../../shared/platforms/registry';
import { noAccountConnectedMessage, POST_MESSAGES } from '../../../shared/posts/constants';
import { Button } from '../../components/button';
import { ChainEditor } from './chain-editor';
import { ErrorBox } from './composer-input';
import { type ComposerState, usesChain } from './composer-state';
import type { EditorActions } from './editor-actions';
import { PostPreview } from './post-preview';
import { SingleEditor } from './single-editor';

interface ComposerFieldsProps {
  state: ComposerState;
  /** `setAccount`: the account choice, where the composer offers one. */
  actions: EditorActions & { setAccount?: (accountId: string) => void };
  fileErrors: Record<string, string[]>;
  /** What the composer did for the user, said in the editor (TikTok's automatic post type). */
  editorNotice?: string | null;
  /** The connected accounts of the chosen platform, and the one the post is for. */
  platformAccounts: AccountDto[];
  account: AccountDto | null;
  error: string | null;
  /** Remounts a chain editor when another stored post (or item) is loaded. */
  editorKey: string;
  /** The "No {platform} account connected" button. */
  onConnect: () => void;
  /** No preview (Sent Posts' compact composer for a failed post). */
  compact?: boolean;
  /** Show the account choice even when the platform has a single account. */
  alwaysShowAccount?: boolean;
  /** A line between the account choice and the error box. */
  notice?: ReactNode;
}

/**
 * The composer below its 'Post to:' row: the account choice, the red error box, then the chosen
 * platform's editor with its live preview (stacked on small screens). Shared by the Create Post
 * modal and the queues feature's item editor, so both edit posts the same way.
 */
export function ComposerFields({
  state,
  actions,
  fileErrors,
  editorNotice = null,
  platformAccounts,
  account,
  error,
  editorKey,
  onConnect,
  compact = false,
  alwaysShowAccount = false,
  notice,
}: ComposerFieldsProps) {
  const platform = state.platform;
  const info = platform ? getPlatform(platform) : null;
  return (
    <>
      {platform && (platformAccounts.length > 1 || (alwaysShowAccount && platformAccounts.length > 0)) ? (
        <label className="flex max-w-sm flex-col gap-1 text-gray-700 text-sm">
          <span className="font-medium">Account</span>
          <select
            className="h-10 rounded-lg border border-gray-300 bg-white px-2"
            value={account?.id ?? ''}
            onChange={(e) => actions.setAccount?.(e.target.value)}
          >
            {platformAccounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.accountName}
                {a.accountHandle ? ` (@${a.accountHandle.replace(/^@/, '')})` : ''}
              </option>
            ))}
          </select>
        </label>
      ) : null}

      {notice}
      {error ? <ErrorBox message={error} /> : null}

      {!platform || !info ? (
        <p className="rounded-lg bg-gray-50 p-6 text-center text-gray-600 text-sm">
          {POST_MESSAGES.selectPlatform}
        </p>
      ) : (
        <div className={compact ? '' : 'grid gap-6 lg:grid-cols-2'}>
          <section aria-label={`${info.displayName} editor`} className="min-w-0">
            {usesChain(platform) ? (
              <ChainEditor key={editorKey} state={state} actions={actions} fileErrors={fileErrors} />
            ) : (
              <SingleEditor state={state} actions={actions} fileErrors={fileErrors} notice={editorNotice} />
            )}
          </section>
          {compact ? null : (
            <section aria-label="Preview" className="min-w-0 rounded-xl bg-gray-50 p-4">
              <h3 className="mb-3 font-medium text-gray-500 text-xs uppercase tracking-wide">Preview</h3>
              {account ? (
                <PostPreview state={state} account={account} />
              ) : (
                <div className="flex flex-col items-center gap-3 py-8 text-center">
                  <p className="text-gray-700 text-sm">{noAccountConnectedMessage(info.displayName)}</p>
                  <Button size="sm" onClick={onConnect}>
                    Connect {info.displayName}
                  </Button>
                </div>
              )}
            </section>
          )}
        </div>
      )}
    </>
  );
}
