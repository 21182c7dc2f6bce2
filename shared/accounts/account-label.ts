import type { PlatformId } from '../platforms/ids';
import { getPlatform } from '../platforms/registry';

/**
 * How a connected account is named in filters and tables, so two accounts of one platform can be
 * told apart: 'Facebook: Bakery', 'X: Postloom Demo (@postloom)'.
 */
export function accountLabel(account: {
  platform: PlatformId;
  accountName: string;
  accountHandle?: string | null;
}): string {
  const handle = account.accountHandle ? ` (@${account.accountHandle.replace(/^@/, '')})` : '';
  return `${getPlatform(account.platform).displayName}: ${account.accountName}${handle}`;
}
