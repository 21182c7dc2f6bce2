import { useState } from 'react';
import type { AccountDto } from '../../../shared/accounts/account';
import { getPlatform } from '../../../shared/platforms/registry';
import { PREVIEW_CUT, SEE_MORE, truncatePreview } from '../../../shared/posts/constants';
import { firstGrapheme } from '../../../shared/text/truncate';
import { MediaThumb } from '../media/media-thumb';
import type { ComposerMedia, ComposerState } from './composer-state';

function TruncatedText({ text, limit }: { text: string; limit?: number }) {
  const [expanded, setExpanded] = useState(false);
  const cut = limit ? truncatePreview(text, limit) : { text, truncated: false };
  if (!cut.truncated || expanded) {
    return <p className="whitespace-pre-wrap break-words text-gray-900 text-sm">{text}</p>;
  }
  return (
    <p className="whitespace-pre-wrap break-words text-gray-900 text-sm">
      {cut.text}...{' '}
      <button
        type="button"
        onClick={() => setExpanded(true)}
        className="font-medium text-gray-500 hover:underline"
      >
        {SEE_MORE}
      </button>
    </p>
  );
}

/** What a preview shows of the account: its name, handle and picture. */
type PreviewAccount = Pick<AccountDto, 'accountName' | 'accountHandle' | 'avatarUrl'>;

function Avatar({ account, size = 'h-10 w-10' }: { account: PreviewAccount | null; size?: string }) {
  const name = account?.accountName ?? '?';
  return account?.avatarUrl ? (
    <img src={account.avatarUrl} alt="" className={`${size} shrink-0 rounded-full object-cover`} />
  ) : (
    <span
      aria-hidden="true"
      className={`${size} flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700`}
    >
      {firstGrapheme(name).toUpperCase()}
    </span>
  );
}

function MediaGrid({ media, max = 4 }: { media: ComposerMedia[]; max?: number }) {
  if (media.length === 0) return null;
  const shown = media.slice(0, max);
  return (
    <div
      className={`mt-2 grid gap-1 overflow-hidden rounded-xl ${shown.length > 1 ? 'grid-cols-2' : 'grid-cols-1'}`}
    >
      {shown.map((m) => (
        <MediaThumb
          key={m.key}
          url={m.previewUrl}
          kind={m.kind}
          name={m.name}
          controls
          className="aspect-video w-full"
        />
      ))}
    </div>
  );
}

function Pager({ media, frame }: { media: ComposerMedia[]; frame: string }) {
  const [index, setIndex] = useState(0);
  const current = media[Math.min(index, media.length - 1)];
  return (
    <div className={`relative overflow-hidden bg-gray-900 ${frame}`}>
      {current ? (
        <MediaThumb
          url={current.previewUrl}
          kind={current.kind}
          name={current.name}
          controls
          className="h-full w-full"
        />
      ) : (
        <div className="flex h-full items-center justify-center text-gray-400 text-sm">No media yet</div>
      )}
      {media.length > 1 ? (
        <>
          <button
            type="button"
            aria-label="Previous media"
            disabled={index === 0}
            onClick={() => setIndex((i) => Math.max(0, i - 1))}
            className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full bg-white/80 px-2 py-0.5 text-gray-800 disabled:opacity-40"
          >
            ‹
          </button>
          <button
            type="button"
            aria-label="Next media"
            disabled={index >= media.length - 1}
            onClick={() => setIndex((i) => Math.min(media.length - 1, i + 1))}
            className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full bg-white/80 px-2 py-0.5 text-gray-800 disabled:opacity-40"
          >
            ›
          </button>
          <span className="absolute top-2 right-2 rounded-full bg-gray-900/70 px-2 py-0.5 text-white text-xs">
            {Math.min(index, media.length - 1) + 1}/{media.length}
          </span>
        </>
      ) : null}
    </div>
  );
}

interface PostPreviewProps {
  state: ComposerState;
  account: PreviewAccount | null;
}

/** The live preview on the right of the editor, shaped like the platform shows the post. */
export function PostPreview({ state, account }: PostPreviewProps) {
  const platform = state.platform;
  if (!platform) return null;
  const info = getPlatform(platform);
  const first = state.items[0];
  const text = first?.content ?? '';
  const media = first?.media ?? [];
  const name = account?.accountName ?? info.displayName;
  const handle = account?.accountHandle ? `@${account.accountHandle.replace(/^@/, '')}` : null;

  if (platform === 'twitter' || platform === 'threads') {
    return (
      <ol className="space-y-0">
        {state.items.map((item, index) => (
          <li key={item.key} className="flex gap-3">
            <div className="flex flex-col items-center">
              <Avatar account={account} />
              {index < state.items.length - 1 ? <span className="my-1 w-0.5 flex-1 bg-gray-200" /> : null}
            </div>
            <div className="min-w-0 flex-1 pb-4">
              <p className="text-sm">
                <span className="font-semibold text-gray-900">{name}</span>{' '}
                {handle ? <span className="text-gray-500">{handle}</span> : null}
              </p>
              <p className="whitespace-pre-wrap break-words text-gray-900 text-sm">{item.content}</p>
              <MediaGrid media={item.media} />
            </div>
          </li>
        ))}
      </ol>
    );
  }

  const header = (
    <div className="flex items-center gap-2 p-3">
      <Avatar account={account} size="h-8 w-8" />
      <div className="min-w-0">
        <p className="truncate font-semibold text-gray-900 text-sm">{name}</p>
        {handle && info.showsHandle ? <p className="truncate text-gray-500 text-xs">{handle}</p> : null}
      </div>
    </div>
  );

  if (
    (platform === 'facebook' || platform === 'instagram') &&
    (state.postType === 'story' || state.postType === 'reel')
  ) {
    return (
      <div className="mx-auto w-56 overflow-hidden rounded-2xl bg-gray-900 text-white">
        <div className="relative aspect-[9/16]">
          <Pager media={media} frame="h-full" />
          <div className="absolute inset-x-0 top-0 flex items-center gap-2 p-2 text-xs">
            <Avatar account={account} size="h-6 w-6" />
            <span className="truncate font-semibold">{name}</span>
          </div>
          {state.postType === 'reel' && text ? (
            <p className="absolute inset-x-0 bottom-0 line-clamp-3 bg-gradient-to-t from-black/70 p-2 text-xs">
              {text}
            </p>
          ) : null}
        </div>
      </div>
    );
  }

  if (platform === 'tiktok') {
    return (
      <div className="mx-auto w-56 overflow-hidden rounded-2xl bg-black text-white">
        <div className="relative aspect-[9/16]">
          <Pager media={media} frame="h-full" />
          <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 p-2 text-xs">
            <p className="font-semibold">{handle ?? name}</p>
            <p className="line-clamp-3 whitespace-pre-wrap">{text}</p>
          </div>
        </div>
      </div>
    );
  }

  if (platform === 'instagram') {
    return (
      <div className="overflow-hidden rounded-xl border border-gray-200 bg-white">
        {header}
        <Pager media={media} frame="aspect-square" />
        {state.metadata.alt_text ? <span className="sr-only">{String(state.metadata.alt_text)}</span> : null}
        <div className="p-3">
          <TruncatedText text={text} limit={PREVIEW_CUT.instagram} />
        </div>
      </div>
    );
  }

  if (platform === 'linkedin') {
    const url = String(state.metadata.articleUrl ?? '');
    let host = '';
    try {
      host = url ? new URL(url).host : '';
    } catch {
      host = url;
    }
    return (
      <div className="overflow-hidden rounded-xl border border-gray-200 bg-white">
        {header}
        <div className="px-3 pb-3">
          <TruncatedText text={text} limit={PREVIEW_CUT.linkedin} />
        </div>
        {state.postType === 'article' ? (
          <div className="border-gray-200 border-t bg-gray-50 p-3">
            <p className="font-semibold text-gray-900 text-sm">
              {String(state.metadata.articleTitle ?? '') || url || 'Article'}
            </p>
            {state.metadata.articleDescription ? (
              <p className="line-clamp-2 text-gray-600 text-xs">
                {String(state.metadata.articleDescription)}
              </p>
            ) : null}
            {host ? <p className="mt-1 text-gray-500 text-xs">{host}</p> : null}
          </div>
        ) : (
          <div className="px-3 pb-3">
            <MediaGrid media={media} max={3} />
          </div>
        )}
      </div>
    );
  }

  return (
    <div className="overflow-hidden rounded-xl border border-gray-200 bg-white">
      {header}
      <div className="px-3 pb-3">
        <TruncatedText text={text} limit={PREVIEW_CUT.facebook} />
        <MediaGrid media={media} />
      </div>
    </div>
  );
}
