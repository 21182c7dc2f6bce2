import { AccountsHost } from '../../features/accounts/components/accounts-host';
import { SidebarAccountList } from '../../features/accounts/components/sidebar-account-list';

/** The list inside the sidebar's 'Connected Accounts' section, filled by the accounts feature. */
export function SidebarAccountsSlot() {
  return (
    <>
      <SidebarAccountList />
      <AccountsHost />
    </>
  );
}
