import type { DashboardVisitDto } from '../../shared/onboarding/api.js';
import type { AppDeps } from '../http/types.js';
import { claimFirstDashboardVisit } from './onboarding.repository.js';

/** The dashboard says "Welcome" on the user's first visit and "Welcome Back" on every later one. */
export async function recordDashboardVisit(
  deps: AppDeps,
  userId: string,
  now = Date.now(),
): Promise<DashboardVisitDto> {
  return { firstVisit: await claimFirstDashboardVisit(deps.db, userId, now) };
}
