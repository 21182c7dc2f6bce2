import type { RefObject } from 'react';
import type { PlatformId } from '../../../shared/platforms/ids';
import { PLATFORMS } from '../../../shared/platforms/registry';
import { Button } from '../../components/button';
import { PlusIcon } from '../../components/icons';
import { PlatformIcon } from '../../components/platform-icon';

interface PostToRowProps {
  selected: PlatformId | null;
  connected: Set<PlatformId>;
  /** A stored post stays on its platform; only new posts choose one. */
  isLocked: boolean;
  firstRef: RefObject<HTMLButtonElement | null>;
  onSelect: (platform: PlatformId) => void;
  onAddAccount: () => void;
}

/** 'Post to:' one icon button per platform (a green dot when connected) and Add Account. */
export function PostToRow({
  selected,
  connected,
  isLocked,
  firstRef,
  onSelect,
  onAddAccount,
}: PostToRowProps) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="font-medium text-gray-700 text-sm">Post to:</span>
      {PLATFORMS.map((p, index) => {
        const isConnected = connected.has(p.id);
        const isSelected = selected === p.id;
        return (
          <button
            key={p.id}
            ref={index === 0 ? firstRef : undefined}
            type="button"
            aria-pressed={isSelected}
            disabled={isLocked && !isSelected}
            aria-label={`${p.displayName}${isConnected ? '' : ' (not connected)'}`}
            title={p.displayName}
            onClick={() => onSelect(p.id)}
            className={`relative flex h-10 w-10 items-center justify-center rounded-full border-2 transition ${
              isSelected ? 'border-brand-600 ring-2 ring-brand-100' : 'border-gray-200 hover:border-gray-300'
            } ${isConnected ? '' : 'opacity-50'} disabled:cursor-not-allowed disabled:opacity-30`}
          >
            <PlatformIcon platform={p.id} className="h-5 w-5" />
            {isConnected ? (
              <span className="absolute -right-0.5 -bottom-0.5 h-3 w-3 rounded-full border-2 border-white bg-green-500" />
            ) : null}
          </button>
        );
      })}
      <Button variant="ghost" size="sm" icon={<PlusIcon className="h-4 w-4" />} onClick={onAddAccount}>
        Add Account
      </Button>
    </div>
  );
}
