import type { PlatformId } from '../../shared/platforms/ids';
import { getPlatform } from '../../shared/platforms/registry';

const GLYPHS: Record<PlatformId, string> = {
  twitter: '𝕏',
  facebook: 'f',
  instagram: 'IG',
  linkedin: 'in',
  tiktok: '♪',
  threads: '@',
};

/** A small badge in the platform's colour; decorative (the surrounding control names the platform). */
export function PlatformIcon({
  platform,
  className = 'h-6 w-6',
}: {
  platform: PlatformId;
  className?: string;
}) {
  const info = getPlatform(platform);
  return (
    <span
      aria-hidden="true"
      style={{ backgroundColor: info.brandColor }}
      className={`inline-flex shrink-0 items-center justify-center rounded-full font-bold text-[0.6rem] text-white leading-none ${className}`}
    >
      {GLYPHS[platform]}
    </span>
  );
}
