import type { OnboardingDto, OnboardingStepId } from '../../shared/onboarding/api.js';
import { ONBOARDING_STEPS } from '../../shared/onboarding/api.js';
import type { AppDeps } from '../http/types.js';
import { findOnboarding } from './onboarding.repository.js';

/**
 * The checklist from the user's own data: an account connected (any state), posting times the
 * user has changed (a schedule's times changed since it was created with the defaults, or an
 * account given its own times), any post (a draft counts: the composer was used), and the
 * extension signed in once.
 */
export async function getOnboarding(deps: AppDeps, userId: string): Promise<OnboardingDto> {
  const { db } = deps;
  const [row, account, schedule, post] = await Promise.all([
    findOnboarding(db, userId),
    db.selectFrom('socialAccounts').select('id').where('userId', '=', userId).limit(1).executeTakeFirst(),
    db
      .selectFrom('postingSchedules')
      .select('id')
      .where('userId', '=', userId)
      .where((eb) =>
        eb.or([eb('updatedAt', '>', eb.ref('createdAt')), eb('socialAccountId', 'is not', null)]),
      )
      .limit(1)
      .executeTakeFirst(),
    db.selectFrom('scheduledPosts').select('id').where('userId', '=', userId).limit(1).executeTakeFirst(),
  ]);
  const done: Record<OnboardingStepId, boolean> = {
    connect_account: account !== undefined,
    posting_times: schedule !== undefined,
    first_post: post !== undefined,
    extension: (row?.extensionConnectedAt ?? null) !== null,
  };
  const steps = ONBOARDING_STEPS.map((id) => ({ id, done: done[id] }));
  const dismissed = (row?.checklistDismissedAt ?? null) !== null;
  return { steps, dismissed, showChecklist: !dismissed && steps.some((step) => !step.done) };
}
