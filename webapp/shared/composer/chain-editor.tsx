import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { horizontalListSortingStrategy, SortableContext, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type KeyboardEvent, useId, useState } from 'react';
import { acceptedMimeTypes } from '../../../shared/media/media-rules';
import { getPlatform } from '../../../shared/platforms/registry';
import { tooLongMessage } from '../../../shared/posts/validate-post';
import { CloseIcon, PlusIcon } from '../../components/icons';
import { type ComposerState, effectivePostType } from './composer-state';
import type { EditorActions } from './editor-actions';
import { MediaField } from './media-field';
import { PostTextField } from './post-text-field';

interface ChainEditorProps {
  state: ComposerState;
  actions: EditorActions;
  fileErrors: Record<string, string[]>;
}

/** Tab labels: 'Tweet', 'Tweet 2', ... on X; 'Post', 'Post 2', ... on Threads. */
function chainLabel(platform: string, index: number): string {
  const word = platform === 'twitter' ? 'Tweet' : 'Post';
  return index === 0 ? word : `${word} ${index + 1}`;
}

/**
 * X threads and Threads reply chains: one tab per post, drag (or Alt+Arrow) to reorder, remove on
 * the tabs after the first, Add Tweet, and per tweet its text, emoji, media (4 on X) and pasted images.
 */
export function ChainEditor({ state, actions, fileErrors }: ChainEditorProps) {
  const platform = state.platform ?? 'twitter';
  const info = getPlatform(platform);
  const [activeKey, setActiveKey] = useState(state.items[0]?.key ?? '');
  const activeIndex = Math.max(
    0,
    state.items.findIndex((item) => item.key === activeKey),
  );
  const active = state.items[activeIndex] ?? state.items[0];
  const panelId = useId();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const isTwitter = platform === 'twitter';
  const maxMedia = info.limits.mediaPerPost ?? 4;

  function onDragEnd(event: DragEndEvent) {
    const from = state.items.findIndex((item) => item.key === event.active.id);
    const to = state.items.findIndex((item) => item.key === event.over?.id);
    if (from >= 0 && to >= 0 && from !== to) actions.moveItem(from, to);
  }

  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = state.items.length - 1;
    if (event.altKey && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) {
      event.preventDefault();
      const to = event.key === 'ArrowLeft' ? Math.max(0, index - 1) : Math.min(last, index + 1);
      if (to !== index) {
        const key = state.items[index]?.key;
        actions.moveItem(index, to);
        // Moving the tab's DOM node drops its focus: give it back.
        requestAnimationFrame(() => document.getElementById(`tab-${key}`)?.focus());
      }
      return;
    }
    let next = -1;
    if (event.key === 'ArrowRight') next = index === last ? 0 : index + 1;
    if (event.key === 'ArrowLeft') next = index === 0 ? last : index - 1;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = last;
    if (next >= 0) {
      event.preventDefault();
      const key = state.items[next]?.key;
      if (key) {
        setActiveKey(key);
        requestAnimationFrame(() => document.getElementById(`tab-${key}`)?.focus());
      }
    }
  }

  if (!active) return null;
  const activeLabel = chainLabel(platform, activeIndex);
  return (
    <div>
      <div className="flex flex-wrap items-center gap-2">
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext
            items={state.items.map((item) => item.key)}
            strategy={horizontalListSortingStrategy}
          >
            <div
              role="tablist"
              aria-label={isTwitter ? 'Tweets' : 'Posts'}
              className="flex flex-wrap gap-1.5"
            >
              {state.items.map((item, index) => (
                <SortableTab
                  key={item.key}
                  id={item.key}
                  label={chainLabel(platform, index)}
                  selected={item.key === active.key}
                  panelId={panelId}
                  removable={index > 0}
                  onSelect={() => setActiveKey(item.key)}
                  onRemove={() => {
                    if (item.key === active.key) setActiveKey(state.items[index - 1]?.key ?? '');
                    actions.removeItem(item.key);
                  }}
                  onKeyDown={(event) => onTabKeyDown(event, index)}
                />
              ))}
            </div>
          </SortableContext>
        </DndContext>
        <button
          type="button"
          onClick={() => setActiveKey(actions.addItem())}
          className="inline-flex items-center gap-1 rounded-full border border-brand-500 px-3 py-1 font-medium text-brand-700 text-sm hover:bg-brand-50"
        >
          <PlusIcon className="h-4 w-4" />
          {isTwitter ? 'Add Tweet' : 'Add Post'}
        </button>
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={`tab-${active.key}`} className="mt-3">
        <PostTextField
          key={active.key}
          platform={platform}
          label={`${activeLabel} text`}
          value={active.content}
          onChange={(value) => actions.setContent(active.key, value)}
          placeholder={isTwitter ? "What's happening?" : 'Start a thread...'}
          tooLongMessage={tooLongMessage(platform)}
          onPasteFiles={(files) => actions.addFiles(active.key, files, true)}
          mentionAccountId={isTwitter ? state.accountId : null}
        />
        <MediaField
          media={active.media}
          accept={acceptedMimeTypes(platform, effectivePostType(state))}
          canAdd={active.media.length < maxMedia}
          multiple
          errors={fileErrors[active.key] ?? []}
          onAdd={(files) => actions.addFiles(active.key, files)}
          onRemove={(key) => actions.removeMedia(key)}
        />
        {isTwitter ? <p className="mt-1 text-gray-500 text-xs">Up to 4 media files per tweet.</p> : null}
      </div>
    </div>
  );
}

function SortableTab({
  id,
  label,
  selected,
  panelId,
  removable,
  onSelect,
  onRemove,
  onKeyDown,
}: {
  id: string;
  label: string;
  selected: boolean;
  panelId: string;
  removable: boolean;
  onSelect: () => void;
  onRemove: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
}) {
  // Only the pointer listeners: the tab keeps its own role and keyboard (Alt+Arrow reorders).
  const { listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex items-center rounded-full border text-sm ${
        selected ? 'border-brand-600 bg-brand-600 text-white' : 'border-gray-300 bg-white text-gray-700'
      } ${isDragging ? 'z-10 opacity-80 shadow' : ''}`}
    >
      <button
        {...listeners}
        type="button"
        role="tab"
        id={`tab-${id}`}
        aria-selected={selected}
        aria-roledescription="tab, reorder with Alt and the arrow keys or by dragging"
        aria-controls={panelId}
        tabIndex={selected ? 0 : -1}
        onClick={onSelect}
        onKeyDown={onKeyDown}
        className="cursor-grab rounded-full px-3 py-1 font-medium"
      >
        {label}
      </button>
      {removable ? (
        <button
          type="button"
          aria-label={`Remove ${label}`}
          onClick={onRemove}
          className={`mr-1 rounded-full p-0.5 ${selected ? 'hover:bg-brand-700' : 'hover:bg-gray-100'}`}
        >
          <CloseIcon className="h-3.5 w-3.5" />
        </button>
      ) : null}
    </div>
  );
}
