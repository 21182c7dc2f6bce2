// `/api/accounts` answers as zod schemas: the OpenAPI document shows them, and the handlers answer
// through `reply` with the same ones.
import { z } from 'zod';
import type {
  AccountDto,
  ConnectCallbackResult,
  PlatformAvailabilityDto,
} from '../../shared/accounts/account.js';
import { PLATFORM_IDS } from '../../shared/platforms/ids.js';

export const AccountSchema = z.object({
  id: z.string(),
  platform: z.enum(PLATFORM_IDS),
  accountName: z.string(),
  accountHandle: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  status: z.enum(['active', 'needs_reconnect']),
  isSandbox: z.boolean(),
  expiresAt: z.string().nullable().describe('ISO time the access token expires; null when it does not'),
  lastError: z.string().nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<AccountDto>;

export const AccountsAnswer = z.object({ accounts: z.array(AccountSchema) });

export const PlatformsAnswer = z.object({
  platforms: z.array(
    z.object({
      id: z.enum(PLATFORM_IDS),
      mode: z.enum(['real', 'sandbox', 'unavailable']),
    }) satisfies z.ZodType<PlatformAvailabilityDto>,
  ),
});

export const ConnectAnswer = z.object({
  feedback: z.object({ type: z.enum(['success', 'error']), message: z.string() }),
  accounts: z.array(AccountSchema).optional(),
  choosePages: z
    .object({
      selectionId: z.string(),
      pages: z.array(z.object({ id: z.string(), name: z.string(), pictureUrl: z.string().nullable() })),
    })
    .optional()
    .describe('Facebook, when the user manages several Pages: they choose which to connect'),
}) satisfies z.ZodType<ConnectCallbackResult>;

export const AuthorizeAnswer = z.object({ url: z.string().describe("The platform's consent page") });
