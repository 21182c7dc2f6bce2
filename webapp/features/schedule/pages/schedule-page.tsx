import { type ReactNode, useId, useState } from 'react';
import { toast } from 'sonner';
import { SCHEDULE_MESSAGES } from '../../../../shared/schedule/schedule';
import { Button } from '../../../components/button';
import { PageHeader } from '../../../components/page-header';
import { useAccounts } from '../../../shared/accounts/list-accounts';
import { useSchedule } from '../../../shared/schedule/get-schedule';
import { useAccountSchedule } from '../api/schedule';
import { AddTimeForm } from '../components/add-time-form';
import { RecommendationsPanel } from '../components/recommendations-panel';
import { SchedulePreferences } from '../components/schedule-preferences';
import { WeeklyGrid } from '../components/weekly-grid';

function Card({ children, title }: { children: ReactNode; title?: string }) {
  return (
    <section className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
      {title ? <h2 className="mb-3 font-semibold text-gray-900">{title}</h2> : null}
      {children}
    </section>
  );
}

function ScheduleSkeleton() {
  return (
    <div role="status" aria-label="Loading your posting schedule" className="animate-pulse space-y-4">
      <div className="h-20 rounded-xl bg-gray-100" />
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-7">
        {Array.from({ length: 7 }, (_, i) => (
          <div key={i} className="h-40 rounded-lg bg-gray-100" />
        ))}
      </div>
    </div>
  );
}

/**
 * `/schedule` (spec 02): time zone and clock, the seven-day grid, the add-time form and the
 * recommended times. "Schedule for" switches to one account's own times (as Buffer does per
 * channel); accounts without their own use the default schedule.
 */
export function SchedulePage() {
  const [accountId, setAccountId] = useState<string | null>(null);
  const query = useSchedule(accountId);
  const accounts = useAccounts().data ?? [];
  const accountSchedule = useAccountSchedule();
  const pickerId = useId();
  const schedule = query.data?.schedule;
  const usesDefault = accountId !== null && schedule?.accountId === null;

  return (
    <>
      <PageHeader
        title="Posting Schedule"
        description="The times of the week your queued posts go out. Add to queue fills the next free one."
      />
      {query.isPending ? (
        <ScheduleSkeleton />
      ) : query.isError || !schedule ? (
        <p role="alert" className="text-red-600 text-sm">
          {query.error instanceof Error ? query.error.message : SCHEDULE_MESSAGES.noSchedule}
        </p>
      ) : (
        <div className="space-y-6">
          <Card>
            <SchedulePreferences timezone={schedule.timezone} timeFormat={schedule.timeFormat} />
          </Card>
          <Card>
            <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
              <label htmlFor={pickerId} className="flex flex-col gap-1 font-medium text-gray-700 text-sm">
                Schedule for
                <select
                  id={pickerId}
                  value={accountId ?? ''}
                  onChange={(event) => setAccountId(event.target.value || null)}
                  className="h-10 min-w-56 rounded-lg border border-gray-300 bg-white px-2 font-normal"
                >
                  <option value="">All accounts (default schedule)</option>
                  {accounts.map((account) => (
                    <option key={account.id} value={account.id}>
                      {account.accountName}
                      {query.data.customAccountIds.includes(account.id) ? ' (own times)' : ''}
                    </option>
                  ))}
                </select>
              </label>
              {accountId ? (
                <Button
                  variant="secondary"
                  size="sm"
                  loading={accountSchedule.isPending}
                  onClick={() =>
                    accountSchedule.mutate(
                      { accountId, own: usesDefault },
                      {
                        onSuccess: () =>
                          toast.success(
                            usesDefault
                              ? 'This account now has its own times.'
                              : 'This account now uses the default schedule.',
                          ),
                        onError: () => toast.error('Failed to change the schedule. Please try again.'),
                      },
                    )
                  }
                >
                  {usesDefault ? 'Set its own times' : 'Use the default schedule'}
                </Button>
              ) : null}
            </div>
            {usesDefault ? (
              <p className="mb-4 rounded-lg border border-gray-200 bg-gray-50 p-3 text-gray-600 text-sm">
                This account posts on your default schedule below. Set its own times to change them for it
                only.
              </p>
            ) : null}
            <WeeklyGrid
              times={schedule.times}
              timeFormat={schedule.timeFormat}
              accountId={schedule.accountId}
            />
            {usesDefault ? null : (
              <div className="mt-5 border-gray-100 border-t pt-4">
                <h2 className="mb-3 font-semibold text-gray-900">Add a posting time</h2>
                <AddTimeForm accountId={schedule.accountId} timeFormat={schedule.timeFormat} />
              </div>
            )}
          </Card>
          <Card title="Recommended posting times">
            <RecommendationsPanel timeFormat={schedule.timeFormat} />
          </Card>
        </div>
      )}
    </>
  );
}
