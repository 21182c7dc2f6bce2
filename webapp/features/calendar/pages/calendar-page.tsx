import { EmptyState } from '../../../components/empty-state';
import { CalendarIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';

/** `/calendar`: month and week views of posts (filled by the calendar feature). */
export function CalendarPage() {
  return (
    <>
      <PageHeader title="Calendar View" description="Your scheduled and recently sent posts by date." />
      <EmptyState
        icon={<CalendarIcon className="h-6 w-6" />}
        title="Nothing on the calendar yet"
        description="Scheduled and sent posts will appear here by date."
      />
    </>
  );
}
