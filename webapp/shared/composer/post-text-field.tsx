import { type ClipboardEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import type { PlatformId } from '../../../shared/platforms/ids';
import { canInsert, remainingCharacters } from '../../../shared/posts/character-count';
import { MENTION_SEARCH_DEBOUNCE_MS, MENTION_SUGGESTIONS_MAX } from '../../../shared/posts/constants';
import { type MentionUser, searchMentions } from './api/search-mentions';
import { EmojiButton } from './emoji-button';

interface PostTextFieldProps {
  platform: PlatformId;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Shown under the counter when the text is over the limit, e.g. 'Your tweet is too long'. */
  tooLongMessage: string;
  /** Images pasted from the clipboard. */
  onPasteFiles?: (files: File[]) => void;
  /** X account used for @mention suggestions; none disables them. */
  mentionAccountId?: string | null;
  rows?: number;
  children?: React.ReactNode;
}

const MENTION_TOKEN = /(?:^|\s)@(\w{1,15})$/;

/**
 * The text box of every editor: counter counted the platform's way (red and a message when
 * negative), an emoji picker that only inserts when the emoji fits, pasted images, and on X the
 * @mention suggestions (300 ms after typing stops, only after an @ token, at most 5).
 */
export function PostTextField({
  platform,
  label,
  value,
  onChange,
  placeholder,
  tooLongMessage,
  onPasteFiles,
  mentionAccountId,
  rows = 5,
  children,
}: PostTextFieldProps) {
  const id = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const remaining = remainingCharacters(platform, value);
  const isOver = remaining < 0;
  const [suggestions, setSuggestions] = useState<MentionUser[]>([]);
  const [active, setActive] = useState(0);
  const [token, setToken] = useState<{ start: number; end: number } | null>(null);

  useEffect(() => {
    if (!mentionAccountId) return;
    const caret = ref.current?.selectionStart ?? value.length;
    const before = value.slice(0, caret);
    const match = MENTION_TOKEN.exec(before);
    if (!match?.[1]) {
      setSuggestions([]);
      setToken(null);
      return;
    }
    const query = match[1];
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchMentions(mentionAccountId, query, controller.signal).then((users) => {
        if (controller.signal.aborted) return;
        setSuggestions(users.slice(0, MENTION_SUGGESTIONS_MAX));
        setActive(0);
        setToken({ start: caret - query.length - 1, end: caret });
      });
    }, MENTION_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, mentionAccountId]);

  function insertAtCaret(text: string) {
    const el = ref.current;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const next = value.slice(0, start) + text + value.slice(end);
    if (!canInsert(platform, value.slice(0, start) + value.slice(end), text, start)) return;
    onChange(next);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + text.length, start + text.length);
    });
  }

  function chooseMention(user: MentionUser) {
    if (!token) return;
    const text = `@${user.username} `;
    const next = value.slice(0, token.start) + text + value.slice(token.end);
    onChange(next);
    setSuggestions([]);
    setToken(null);
    const caret = token.start + text.length;
    requestAnimationFrame(() => {
      ref.current?.focus();
      ref.current?.setSelectionRange(caret, caret);
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (suggestions.length === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => (i + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (i - 1 + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      const user = suggestions[active];
      if (user) {
        event.preventDefault();
        chooseMention(user);
      }
    } else if (event.key === 'Escape') {
      event.stopPropagation();
      setSuggestions([]);
    }
  }

  function onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    if (!onPasteFiles) return;
    const files = Array.from(event.clipboardData.files).filter((file) => file.type.startsWith('image/'));
    if (files.length === 0) return;
    event.preventDefault();
    onPasteFiles(files);
  }

  const listId = `${id}-mentions`;
  return (
    <div className="relative">
      <label htmlFor={id} className="mb-1 block font-medium text-gray-700 text-sm">
        {label}
      </label>
      <textarea
        id={id}
        ref={ref}
        rows={rows}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onBlur={() => setSuggestions([])}
        aria-invalid={isOver || undefined}
        aria-describedby={`${id}-counter`}
        aria-autocomplete={mentionAccountId ? 'list' : undefined}
        aria-controls={suggestions.length > 0 ? listId : undefined}
        aria-activedescendant={suggestions.length > 0 ? `${listId}-${active}` : undefined}
        className={`block w-full resize-y rounded-lg border px-3 py-2 text-gray-900 text-sm shadow-sm focus:outline-none focus:ring-2 ${
          isOver
            ? 'border-red-400 focus:ring-red-200'
            : 'border-gray-300 focus:border-brand-500 focus:ring-brand-100'
        }`}
      />
      <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-1">
          <EmojiButton onPick={insertAtCaret} />
          {children}
        </div>
        <div id={`${id}-counter`} className="text-right text-xs" aria-live="polite">
          <span className={isOver ? 'font-semibold text-red-600' : 'text-gray-500'}>
            {remaining}
            <span className="sr-only"> characters remaining</span>
          </span>
          {isOver ? <p className="text-red-600">{tooLongMessage}</p> : null}
        </div>
      </div>
      {/* Below the toolbar, so the list never hides the emoji button. */}
      {suggestions.length > 0 ? (
        <div
          id={listId}
          role="listbox"
          aria-label="Mention suggestions"
          className="absolute z-20 mt-1 w-full max-w-xs overflow-hidden rounded-lg border border-gray-200 bg-white shadow-lg"
        >
          {suggestions.map((user, index) => (
            <div
              key={user.id}
              tabIndex={-1}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(e) => {
                e.preventDefault();
                chooseMention(user);
              }}
              className={`cursor-pointer px-3 py-2 text-sm ${index === active ? 'bg-brand-50 text-brand-700' : 'text-gray-700'}`}
            >
              {user.name} (@{user.username})
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
