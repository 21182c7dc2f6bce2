import { EmptyState } from '../../../components/empty-state';
import { SendIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';

/** `/sent`: published posts. The posts feature adds filters, groups and pagination. */
export function SentPage() {
  return (
    <>
      <PageHeader title="Sent Posts" description="View and manage your published posts" />
      <EmptyState
        icon={<SendIcon className="h-6 w-6" />}
        title="No sent posts found"
        description="Try adjusting your filters or send a new post"
      />
    </>
  );
}
