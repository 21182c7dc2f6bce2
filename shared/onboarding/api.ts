/**
 * The dashboard's "Get started" checklist: four steps, each done when the user's own data says
 * so (not when a box is ticked), shown until every step is done or the user dismisses it.
 */
export const ONBOARDING_STEPS = ['connect_account', 'posting_times', 'first_post', 'extension'] as const;
export type OnboardingStepId = (typeof ONBOARDING_STEPS)[number];

export interface OnboardingStepDto {
  id: OnboardingStepId;
  done: boolean;
}

export interface OnboardingDto {
  steps: OnboardingStepDto[];
  /** The user closed the checklist (kept on the server, so every browser agrees). */
  dismissed: boolean;
  /** Not dismissed and at least one step left. */
  showChecklist: boolean;
}

export interface DashboardVisitDto {
  /** This was the user's first visit of the dashboard: greet with "Welcome", not "Welcome Back". */
  firstVisit: boolean;
}
