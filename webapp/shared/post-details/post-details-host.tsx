import { useSearchParams } from 'react-router';
import { PostMetricsLine } from '../post-metrics/post-metrics-line';
import { usePreferences } from '../preferences/preferences';
import { PostDetailsDialog } from './post-details-dialog';

/** The query parameter that opens a post's details over any signed-in page: `?post=<id>`. */
const POST_DETAILS_PARAM = 'post';

/** The address of the current page with a post's details open over it. */
export function withPostDetails(location: { pathname: string; search: string }, postId: string) {
  const search = new URLSearchParams(location.search);
  search.set(POST_DETAILS_PARAM, postId);
  return { pathname: location.pathname, search: `?${search.toString()}` };
}

/**
 * Mounted once in the signed-in layout: `?post=<id>` on any page opens that post's details (the
 * calendar's dialog: preview, status, time, its link or its error, Edit or Fix and retry), for a
 * scheduled, sent or failed post alike. A notification's "View post" links here, and the address
 * can be shared or reloaded. Closing it takes the parameter away again.
 */
export function PostDetailsHost() {
  const [params, setParams] = useSearchParams();
  const postId = params.get(POST_DETAILS_PARAM);
  const { timezone, timeFormat } = usePreferences();
  return (
    <PostDetailsDialog
      postId={postId}
      onClose={() =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete(POST_DETAILS_PARAM);
            return next;
          },
          { replace: true },
        )
      }
      timezone={timezone}
      timeFormat={timeFormat}
      extra={(post) => (post.status === 'posted' ? <PostMetricsLine metrics={post.metrics} /> : null)}
    />
  );
}
