import type { PostStatus } from '../../../shared/posts/constants';
import { groupOutcome, groupStatus, postedToMessage } from '../../../shared/posts/group-outcome';
import { StatusBadge } from '../../components/status-badge';

/** A group's badge: the status its versions share, or how many went out ('Posted to 3 of 4 accounts'). */
export function GroupStatusBadge({ statuses }: { statuses: readonly PostStatus[] }) {
  const shared = groupStatus(statuses);
  if (shared !== 'mixed') return <StatusBadge status={shared} />;
  const outcome = groupOutcome(statuses);
  if (outcome.posted + outcome.failed === 0) return <StatusBadge status="publishing" />;
  return <StatusBadge status={outcome.failed > 0 ? 'failed' : 'posted'} label={postedToMessage(outcome)} />;
}
