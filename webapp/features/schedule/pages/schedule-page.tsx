import { EmptyState } from '../../../components/empty-state';
import { ClockIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';

/** `/schedule`: the weekly posting schedule (filled by the schedule feature). */
export function SchedulePage() {
  return (
    <>
      <PageHeader title="Posting Schedule" description="Set the times of the week when your posts go out." />
      <EmptyState
        icon={<ClockIcon className="h-6 w-6" />}
        title="No posting times yet"
        description="Your weekly posting times will be managed here."
      />
    </>
  );
}
