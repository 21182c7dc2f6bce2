import { type KeyboardEvent, memo } from 'react';
import type { PlatformId } from '../../../../shared/platforms/ids';
import { PlatformIcon } from '../../../components/platform-icon';
import type { VersionTab } from './group-tabs';

interface VersionTabListProps {
  tabs: readonly VersionTab[];
  active: string;
  panelId: string;
  onSelect: (id: string) => void;
}

export function versionTabDomId(id: string): string {
  return `version-tab-${id.replace(/[^\w-]/g, '_')}`;
}

function platformOf(tab: VersionTab): PlatformId | null {
  if (tab.kind === 'version') return tab.target.platform;
  if (tab.kind === 'missing') return tab.platform;
  if (tab.kind === 'sent') return tab.post.platform;
  return null;
}

function describe(tab: VersionTab): string {
  const parts: string[] = [];
  if (tab.kind === 'version') {
    parts.push(tab.customised ? 'Customised' : 'Follows the shared text');
    if (tab.accounts.length > 1) parts.push(`${tab.accounts.length} accounts`);
  }
  if (tab.kind === 'missing') parts.push('No account connected');
  if (tab.kind === 'sent') parts.push('Sent, read only');
  if (tab.problems.length > 0) {
    parts.push(`${tab.problems.length} problem${tab.problems.length === 1 ? '' : 's'}`);
  }
  return parts.join(', ');
}

/**
 * "All networks" and one tab per version, scrolling sideways when they do not fit (phones).
 * A tab says whether it is customised and how many problems it has; arrows, Home and End move.
 */
export const VersionTabList = memo(function VersionTabList({
  tabs,
  active,
  panelId,
  onSelect,
}: VersionTabListProps) {
  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = tabs.length - 1;
    let next = -1;
    if (event.key === 'ArrowRight') next = index === last ? 0 : index + 1;
    if (event.key === 'ArrowLeft') next = index === 0 ? last : index - 1;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = last;
    const tab = tabs[next];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.id);
    requestAnimationFrame(() => document.getElementById(versionTabDomId(tab.id))?.focus());
  }

  return (
    <div
      role="tablist"
      aria-label="Versions"
      className="-mx-1 flex gap-1 overflow-x-auto border-gray-200 border-b px-1 [scrollbar-width:thin]"
    >
      {tabs.map((tab, index) => {
        const selected = tab.id === active;
        const platform = platformOf(tab);
        const description = describe(tab);
        return (
          <button
            key={tab.id}
            id={versionTabDomId(tab.id)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId}
            aria-label={tab.label}
            aria-description={description || undefined}
            tabIndex={selected ? 0 : -1}
            title={description ? `${tab.label}: ${description}` : tab.label}
            onClick={() => onSelect(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={`-mb-px flex shrink-0 items-center gap-1.5 whitespace-nowrap border-b-2 px-3 py-2 font-medium text-sm ${
              selected
                ? 'border-brand-600 text-brand-700'
                : 'border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-800'
            }`}
          >
            {platform ? <PlatformIcon platform={platform} className="h-4 w-4" /> : null}
            <span>{tab.label}</span>
            {tab.kind === 'version' && tab.customised ? (
              <span aria-hidden="true" className="rounded-full bg-amber-100 px-1.5 text-amber-800 text-xs">
                Customised
              </span>
            ) : null}
            {tab.kind === 'sent' ? (
              <span aria-hidden="true" className="rounded-full bg-green-100 px-1.5 text-green-800 text-xs">
                Sent
              </span>
            ) : null}
            {tab.problems.length > 0 ? (
              <span
                aria-hidden="true"
                className="flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-white text-xs"
              >
                {tab.problems.length}
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
});
