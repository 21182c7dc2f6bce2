import type { AccountDto } from '../../../shared/accounts/account';
import { getPlatform } from '../../../shared/platforms/registry';
import { firstGrapheme } from '../../../shared/text/truncate';

/** Connected accounts as avatars; several may be chosen. */
export function AccountPicker({
  accounts,
  selected,
  onToggle,
}: {
  accounts: AccountDto[];
  selected: string[];
  onToggle: (id: string) => void;
}) {
  if (accounts.length === 0) {
    return <p className="muted">No accounts connected. Connect one in the web app first.</p>;
  }
  return (
    <fieldset className="avatars" aria-label="Accounts">
      {accounts.map((account) => {
        const platform = getPlatform(account.platform);
        const label = `${platform.displayName}: ${account.accountName}`;
        return (
          <button
            key={account.id}
            type="button"
            className="avatar"
            aria-pressed={selected.includes(account.id)}
            aria-label={label}
            title={label}
            onClick={() => onToggle(account.id)}
          >
            <span className="face">
              {account.avatarUrl ? (
                <img src={account.avatarUrl} alt="" />
              ) : (
                firstGrapheme(account.accountName).toUpperCase()
              )}
            </span>
            <span className="platform">{platform.shortName}</span>
          </button>
        );
      })}
    </fieldset>
  );
}
