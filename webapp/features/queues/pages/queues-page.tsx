import { EmptyState } from '../../../components/empty-state';
import { QueueIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';

/** `/automated-queues` (filled by the queues feature). */
export function QueuesPage() {
  return (
    <>
      <PageHeader title="Automated Queues" description="Queues that publish posts for you on a rhythm." />
      <EmptyState icon={<QueueIcon className="h-6 w-6" />} title="No queues yet" />
    </>
  );
}
