import { z } from 'zod';

/** `GET /api/app-config`: public facts the web app and the extension need before sign-in. No secrets. */
export const AppConfigDto = z.object({
  supportUrl: z.string(),
  googleSignIn: z.boolean(),
  devMailbox: z.boolean(),
  /** DEMO_MODE=on on a public APP_URL: the sidebar warns that anyone can try sandbox accounts. */
  publicDemoMode: z.boolean(),
  /** Extension ids "Sign in with the web app" may hand a token to (ids are public). */
  extensionIds: z.array(z.string()),
  /** This server charges for access (BILLING=lemonsqueezy): the gate, banner and Subscription menu. */
  billing: z.boolean(),
  /** LATE_GRACE_MINUTES: a scheduled post this late was missed (shared/posts/post-timing.ts). */
  lateGraceMinutes: z.number().int().min(0),
});
export type AppConfigDto = z.infer<typeof AppConfigDto>;
