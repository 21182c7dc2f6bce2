import { EmptyState } from '../../../components/empty-state';
import { ChartIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';

/** `/analytics` (filled by the analytics feature). */
export function AnalyticsPage() {
  return (
    <>
      <PageHeader title="Analytics" description="How your posts perform across platforms." />
      <EmptyState
        icon={<ChartIcon className="h-6 w-6" />}
        title="No analytics yet"
        description="Connect an account and publish posts to see their performance here."
      />
    </>
  );
}
