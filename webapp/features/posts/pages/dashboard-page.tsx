import { EmptyState } from '../../../components/empty-state';
import { CalendarIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { ConnectAccountButton } from '../../shell/components/connect-account-button';
import { CreatePostFab } from '../../shell/components/create-post-fab';

/** `/dashboard` (and `/`): upcoming posts. The posts feature fills the list. */
export function DashboardPage() {
  return (
    <>
      <PageHeader eyebrow="Welcome Back" title="Content Calendar" actions={<ConnectAccountButton />} />
      <EmptyState
        icon={<CalendarIcon className="h-6 w-6" />}
        title="No upcoming posts"
        description="Posts you schedule or save as drafts will appear here."
      />
      <CreatePostFab />
    </>
  );
}
