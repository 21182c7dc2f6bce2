import type { PlatformId } from '../../../shared/platforms/ids';
import { getPlatform } from '../../../shared/platforms/registry';
import { remainingCharacters } from '../../../shared/posts/character-count';

/** Remaining characters for each chosen platform, counted the platform's way (shared rules). */
export function CharacterCounters({ platforms, text }: { platforms: PlatformId[]; text: string }) {
  if (platforms.length === 0) return null;
  return (
    <div className="row" title="Remaining characters">
      {platforms.map((platform) => {
        const remaining = remainingCharacters(platform, text);
        return (
          <span
            key={platform}
            className={`counter${remaining < 0 ? ' over' : ''}`}
            data-testid={`remaining-${platform}`}
          >
            {getPlatform(platform).displayName}: {remaining}
          </span>
        );
      })}
    </div>
  );
}
