import { useSearchParams } from 'react-router';
import { PostMetricsLine } from '../post-metrics/post-metrics-line';
import { usePreferences } from '../preferences/preferences';
import { GroupDetailsDialog } from './group-details-dialog';
import { PostDetailsDialog } from './post-details-dialog';

/** The query parameter that opens a post's details over any signed-in page: `?post=<id>`. */
const POST_DETAILS_PARAM = 'post';
/** And a post group's (each account's status and link): `?group=<id>`. */
const GROUP_DETAILS_PARAM = 'group';

function withParam(location: { pathname: string; search: string }, name: string, value: string) {
  const search = new URLSearchParams(location.search);
  search.set(name, value);
  return { pathname: location.pathname, search: `?${search.toString()}` };
}

/** The address of the current page with a post's details open over it. */
export function withPostDetails(location: { pathname: string; search: string }, postId: string) {
  return withParam(location, POST_DETAILS_PARAM, postId);
}

/** The address of the current page with a post group's details open over it. */
export function withGroupDetails(location: { pathname: string; search: string }, groupId: string) {
  return withParam(location, GROUP_DETAILS_PARAM, groupId);
}

/**
 * Mounted once in the signed-in layout: `?post=<id>` on any page opens that post's details (the
 * calendar's dialog: preview, status, time, its link or its error, Edit or Fix and retry), for a
 * scheduled, sent or failed post alike. A notification's "View post" links here, and the address
 * can be shared or reloaded. Closing it takes the parameter away again. `?group=<id>` does the same
 * for a post group (a group's notification links there).
 */
export function PostDetailsHost() {
  const [params, setParams] = useSearchParams();
  const postId = params.get(POST_DETAILS_PARAM);
  const groupId = params.get(GROUP_DETAILS_PARAM);
  const { timezone, timeFormat } = usePreferences();
  const close = (name: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(name);
        return next;
      },
      { replace: true },
    );
  return (
    <>
      <PostDetailsDialog
        postId={postId}
        onClose={() => close(POST_DETAILS_PARAM)}
        timezone={timezone}
        timeFormat={timeFormat}
        extra={(post) => (post.status === 'posted' ? <PostMetricsLine metrics={post.metrics} /> : null)}
      />
      <GroupDetailsDialog
        groupId={groupId}
        onClose={() => close(GROUP_DETAILS_PARAM)}
        timezone={timezone}
        timeFormat={timeFormat}
      />
    </>
  );
}
