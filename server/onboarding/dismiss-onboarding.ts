import type { OnboardingDto } from '../../shared/onboarding/api.js';
import type { AppDeps } from '../http/types.js';
import { getOnboarding } from './get-onboarding.js';
import { markChecklistDismissed } from './onboarding.repository.js';

/** Hides the checklist for good, in every browser of the user. */
export async function dismissOnboarding(
  deps: AppDeps,
  userId: string,
  now = Date.now(),
): Promise<OnboardingDto> {
  await markChecklistDismissed(deps.db, userId, now);
  return getOnboarding(deps, userId);
}
