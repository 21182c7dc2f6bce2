import type { PostDto } from '../../../../../shared/posts/api';
import { CARD_MEDIA_PREVIEW } from '../../../../../shared/posts/constants';
import { MediaThumb } from '../../../../shared/media/media-thumb';

/** Card media: X shows up to 4 with a '+N' overlay on the last, LinkedIn up to 3, others up to 4. */
export function CardMedia({ post }: { post: PostDto }) {
  const all = post.tweets && post.tweets.length > 0 ? post.tweets.flatMap((t) => t.media) : post.media;
  if (all.length === 0) return null;
  const max = post.platform === 'linkedin' ? CARD_MEDIA_PREVIEW.linkedin : CARD_MEDIA_PREVIEW.twitter;
  const shown = all.slice(0, max);
  const extra = all.length - shown.length;
  return (
    <ul className="mt-3 flex flex-wrap gap-2" aria-label="Media">
      {shown.map((media, index) => (
        <li
          key={`${media.id}-${index}`}
          className="relative h-20 w-20 overflow-hidden rounded-lg border border-gray-200 sm:h-24 sm:w-24"
        >
          <MediaThumb
            url={media.url}
            kind={media.kind}
            name={media.originalName || media.fileName}
            className="h-full w-full"
          />
          {extra > 0 && index === shown.length - 1 && post.platform === 'twitter' ? (
            <span className="absolute inset-0 flex items-center justify-center bg-gray-900/60 font-semibold text-lg text-white">
              +{extra}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
