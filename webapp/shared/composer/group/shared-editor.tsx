import { type ClipboardEvent, memo, useId, useState } from 'react';
import type { PlatformId } from '../../../../shared/platforms/ids';
import { canInsert } from '../../../../shared/posts/character-count';
import type { ComposerMedia } from '../composer-state';
import { EmojiButton } from '../emoji-button';
import { MediaField } from '../media-field';
import { useLocalText } from './use-local-text';

export interface NetworkCount {
  platform: PlatformId;
  name: string;
  remaining: number;
}

interface SharedEditorProps {
  content: string;
  link: string;
  media: ComposerMedia[];
  errors: string[];
  /** Characters left on each network that follows the shared text (computed after the keystroke). */
  counts: readonly NetworkCount[];
  /** File types some network that follows the shared media takes. */
  accept: readonly string[];
  onContent: (content: string) => void;
  onLink: (link: string) => void;
  onAddFiles: (files: File[], pasted?: boolean) => void;
  onRemoveMedia: (mediaKey: string) => void;
}

const inputClass =
  'block w-full rounded-lg border border-gray-300 px-3 py-2 text-gray-900 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100';

/**
 * "All networks": the shared text, media and optional link that every network not customised
 * sends. The counters say what is left on each network; an emoji goes in only if it fits them all.
 */
export function SharedEditor({
  content,
  link,
  media,
  errors,
  counts,
  accept,
  onContent,
  onLink,
  onAddFiles,
  onRemoveMedia,
}: SharedEditorProps) {
  const id = useId();
  const { ref, change, flush } = useLocalText(content, onContent);
  // The box holds its text itself: React gives it the first one only.
  const [initial] = useState(content);

  function insertEmoji(emoji: string) {
    const el = ref.current;
    if (!el) return;
    const text = el.value;
    const start = el.selectionStart ?? text.length;
    const end = el.selectionEnd ?? text.length;
    const rest = text.slice(0, start) + text.slice(end);
    if (!counts.every((count) => canInsert(count.platform, rest, emoji, start))) return;
    el.value = text.slice(0, start) + emoji + text.slice(end);
    change(el.value);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  }

  function onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    const files = Array.from(event.clipboardData.files).filter((file) => file.type.startsWith('image/'));
    if (files.length === 0) return;
    event.preventDefault();
    onAddFiles(files, true);
  }

  return (
    <div className="space-y-4">
      <div>
        <label htmlFor={id} className="mb-1 block font-medium text-gray-700 text-sm">
          Shared text
        </label>
        <textarea
          id={id}
          ref={ref}
          rows={6}
          defaultValue={initial}
          placeholder="Write once for every network you chose"
          onChange={(event) => change(event.target.value)}
          onBlur={flush}
          onKeyDown={(event) => {
            if (event.key === 'Escape') flush();
          }}
          onPaste={onPaste}
          aria-describedby={`${id}-counts`}
          className={`${inputClass} resize-y`}
        />
        <div className="mt-1 flex flex-wrap items-start justify-between gap-2">
          <EmojiButton onPick={insertEmoji} />
          <NetworkCounts id={`${id}-counts`} counts={counts} />
        </div>
      </div>
      <MediaField
        media={media}
        accept={accept}
        canAdd
        multiple
        errors={errors}
        onAdd={(files) => onAddFiles(files)}
        onRemove={onRemoveMedia}
      />
      <label className="block text-gray-700 text-sm">
        <span className="mb-1 block font-medium">Link (optional)</span>
        <input
          type="url"
          inputMode="url"
          className={inputClass}
          placeholder="https://"
          value={link}
          onChange={(event) => onLink(event.target.value)}
        />
        <span className="mt-1 block text-gray-500 text-xs">
          Added after the text, or used as LinkedIn's article link for an article post.
        </span>
      </label>
    </div>
  );
}

/** Characters left per network; only re-rendered when the counts change. */
const NetworkCounts = memo(function NetworkCounts({
  id,
  counts,
}: {
  id: string;
  counts: readonly NetworkCount[];
}) {
  return (
    <ul id={id} aria-label="Characters left" className="flex flex-wrap justify-end gap-1.5 text-xs">
      {counts.map((count) => (
        <li
          key={count.platform}
          className={`rounded-full px-2 py-0.5 ${count.remaining < 0 ? 'bg-red-100 font-semibold text-red-700' : 'bg-gray-100 text-gray-600'}`}
        >
          {count.name} {count.remaining.toLocaleString('en-US')}
          <span className="sr-only">{count.remaining < 0 ? ' characters over' : ' characters left'}</span>
        </li>
      ))}
    </ul>
  );
});
