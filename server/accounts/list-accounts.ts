import type { AccountDto, PlatformAvailabilityDto } from '../../shared/accounts/account.js';
import { PLATFORM_IDS } from '../../shared/platforms/ids.js';
import type { AppDeps } from '../http/types.js';
import { platformMode } from '../platforms/platform-endpoints.js';
import { listAccountRows, toAccountDto } from './accounts.repository.js';

/** The user's accounts, newest first, without tokens. */
export async function listAccounts(deps: Pick<AppDeps, 'db'>, userId: string): Promise<AccountDto[]> {
  return (await listAccountRows(deps.db, userId)).map(toAccountDto);
}

/** Per platform: real hosts, the sandbox, or not available on this server. */
export function listPlatformAvailability(deps: Pick<AppDeps, 'config'>): PlatformAvailabilityDto[] {
  return PLATFORM_IDS.map((id) => ({ id, mode: platformMode(deps.config, id) }));
}
