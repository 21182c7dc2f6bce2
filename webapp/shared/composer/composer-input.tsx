import { mediaKindOf } from '../../../shared/media/media-rules';
import type { PostInput } from '../../../shared/posts/validate-post';
import { type ComposerState, toPostBody, usesChain } from './composer-state';

/** The composer's state in the shape the shared validator reads (file facts, not ids). */
export function toPostInput(state: ComposerState): PostInput | null {
  if (!state.platform) return null;
  const info = (m: { name: string; mimeType: string; sizeBytes: number }) => ({
    name: m.name,
    mimeType: m.mimeType,
    sizeBytes: m.sizeBytes,
    kind: mediaKindOf(m.mimeType),
  });
  const body = toPostBody(state);
  return {
    platform: state.platform,
    postType: body.postType,
    content: body.content,
    media: (state.items[0]?.media ?? []).map(info),
    tweets: usesChain(state.platform)
      ? state.items.map((item) => ({ content: item.content, media: item.media.map(info) }))
      : null,
    metadata: state.metadata as PostInput['metadata'],
  };
}

/** The red box inside the modal (spec 02 section 8). */
export function ErrorBox({ message }: { message: string }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-700 text-sm">
      {message}
    </div>
  );
}
