import { z } from 'zod';
import { PLATFORM_IDS, type PlatformId } from '../platforms/ids';

/** A connected social account as the API returns it: never any token. */
export interface AccountDto {
  id: string;
  platform: PlatformId;
  accountName: string;
  accountHandle: string | null;
  avatarUrl: string | null;
  status: AccountStatus;
  isSandbox: boolean;
  /** ISO time the access token expires; null when it does not. */
  expiresAt: string | null;
  lastError: string | null;
  createdAt: string;
}

const ACCOUNT_STATUSES = ['active', 'needs_reconnect'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** How this server reaches a platform: its real hosts, the sandbox, or not at all. */
export type PlatformAvailability = 'real' | 'sandbox' | 'unavailable';

export interface PlatformAvailabilityDto {
  id: PlatformId;
  mode: PlatformAvailability;
}

/** Spec 01 section 2: the oauth_feedback stored after a connection attempt. */
export interface OauthFeedback {
  type: 'success' | 'error';
  message: string;
}

export interface FacebookPageChoice {
  id: string;
  name: string;
  pictureUrl: string | null;
}

export interface ConnectCallbackResult {
  feedback: OauthFeedback;
  accounts?: AccountDto[];
  /** Facebook, when the user manages several Pages: they choose which to connect. */
  choosePages?: { selectionId: string; pages: FacebookPageChoice[] };
}

/** Connection messages of spec 01 sections 5 and 8, word for word. */
export const CONNECT_MESSAGES = {
  missingParameters: 'Missing authorization parameters',
  invalidSessionState: 'Invalid session state',
  stateMismatch: 'State mismatch. Possible security issue.',
  sessionNotFound: 'User session not found',
  sessionExpired: 'Session expired - please reauthenticate',
  metaFailed: 'Facebook/Instagram connection failed',
  authenticationFailed: 'Authentication failed',
  twitterFailed: (error: string) => `Twitter authentication failed: ${error}`,
  notAuthenticated: 'Not authenticated',
  disconnectFailed: 'Failed to disconnect account',
  tiktokUnavailable: "We're working on TikTok. It will soon be available again",
  reconnectAdvice: 'Please reconnect your account every 2 months to avoid potential API errors.',
  loadError: (message: string) => `Error loading social accounts: ${message}`,
  disconnectConfirm: (platformName: string) =>
    `Are you sure you want to disconnect your ${platformName} account?`,
  accountDisconnected: 'Account disconnected',
  reconnectRequired: 'Your account needs to be reconnected. Please reconnect your account.',
  linkedinExpiry: (date: string) => `Your LinkedIn account will need to be reconnected by ${date}`,
} as const;

/** Platforms strip a trailing '#_' onto the code (Instagram, Threads); it is not part of it. */
export function cleanAuthorizationCode(code: string): string {
  return code.replace(/#_$/, '');
}

export const PlatformParam = z.object({
  platform: z.enum(PLATFORM_IDS, { message: 'Unknown platform' }),
});

export const ConnectCallbackInput = z.object({
  code: z
    .string({ message: CONNECT_MESSAGES.missingParameters })
    .trim()
    .min(1, CONNECT_MESSAGES.missingParameters)
    .max(4096, CONNECT_MESSAGES.missingParameters),
  state: z
    .string({ message: CONNECT_MESSAGES.missingParameters })
    .trim()
    .min(1, CONNECT_MESSAGES.missingParameters)
    .max(1024, CONNECT_MESSAGES.missingParameters),
});
export type ConnectCallbackInput = z.infer<typeof ConnectCallbackInput>;

export const FacebookPagesInput = z.object({
  selectionId: z.string().min(1).max(200),
  pageIds: z
    .array(z.string().min(1).max(100))
    .min(1, 'Choose at least one Page')
    .max(100, 'Choose at most 100 Pages'),
});
export type FacebookPagesInput = z.infer<typeof FacebookPagesInput>;

/** Messages a connection popup posts to its opener (spec 01 section 4). */
export const POPUP_MESSAGE_TYPES = [
  'TIKTOK_AUTH_SUCCESS',
  'TIKTOK_AUTH_ERROR',
  'TWITTER_AUTH_SUCCESS',
  'TWITTER_AUTH_ERROR',
] as const;
export type PopupMessageType = (typeof POPUP_MESSAGE_TYPES)[number];
