/** Tables of the dashboard checklist (onboarding); the Database interface in ../schema.ts lists every table. */

/** The dashboard's welcome and "Get started" checklist (written by the onboarding feature only). */
export interface UserOnboardingTable {
  userId: string;
  /** The first visit of the dashboard: "Welcome" then, "Welcome Back" after. */
  firstDashboardVisitAt: number | null;
  checklistDismissedAt: number | null;
  /** The browser extension signed in for the first time. */
  extensionConnectedAt: number | null;
  updatedAt: number;
}
