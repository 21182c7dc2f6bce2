import type { PlatformId } from '../platforms/ids';
import type { MediaKind } from '../platforms/platform-info';
import { getPostType } from '../platforms/registry';

interface PostTypeSwitch {
  postType: string;
  /** What the editor says about the switch. */
  notice: string;
}

/**
 * TikTok posts either one video or 1 to 12 photos, and a new post starts as Video. Files the
 * current type cannot take choose the type that can, instead of an "Invalid file type" error:
 * images (with only images attached so far) make a Photo post, and a single video added to a
 * Photo post with nothing attached makes a Video post. Anything else keeps the type, and the
 * media rules explain what is wrong.
 */
export function postTypeForFiles(
  platform: PlatformId,
  postType: string,
  attached: readonly MediaKind[],
  added: readonly MediaKind[],
): PostTypeSwitch | null {
  if (platform !== 'tiktok' || added.length === 0) return null;
  const all = [...attached, ...added];
  if (postType === 'video' && all.every((kind) => kind === 'image')) {
    return { postType: 'photo', notice: switchedNotice('photo') };
  }
  if (postType === 'photo' && attached.length === 0 && added.length === 1 && added[0] === 'video') {
    return { postType: 'video', notice: switchedNotice('video') };
  }
  return null;
}

function switchedNotice(postType: 'photo' | 'video'): string {
  const label = getPostType('tiktok', postType)?.label ?? postType;
  return postType === 'photo'
    ? `Switched to ${label}: TikTok posts images as a photo post.`
    : `Switched to ${label}: TikTok posts a video as a video post.`;
}
