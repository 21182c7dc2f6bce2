import { useState } from 'react';
import type { AccountDto } from '../../../../shared/accounts/account';
import { getPlatform } from '../../../../shared/platforms/registry';
import { firstGrapheme } from '../../../../shared/text/truncate';

/** The account's picture, or its initial on the platform's colour when there is none (or it fails to load). */
export function AccountAvatar({
  account,
  className = 'h-8 w-8',
}: {
  account: Pick<AccountDto, 'accountName' | 'avatarUrl' | 'platform'>;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  if (account.avatarUrl && !failed) {
    return (
      <img
        src={account.avatarUrl}
        alt=""
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
        className={`${className} shrink-0 rounded-full bg-gray-100 object-cover`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      style={{ backgroundColor: getPlatform(account.platform).brandColor }}
      className={`${className} inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white text-xs`}
    >
      {firstGrapheme(account.accountName).toUpperCase()}
    </span>
  );
}

export function SandboxBadge() {
  return (
    <span
      title="Connected to the built-in platform sandbox: nothing is posted to the real platform"
      className="inline-flex shrink-0 items-center rounded-full bg-amber-100 px-1.5 py-px font-medium text-[0.6rem] text-amber-800 uppercase tracking-wide"
    >
      Sandbox
    </span>
  );
}
