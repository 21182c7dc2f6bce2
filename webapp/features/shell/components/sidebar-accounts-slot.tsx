/**
 * The list inside the sidebar's 'Connected Accounts' section. The accounts feature replaces this
 * body with each account's avatar and name; until then there is honestly nothing connected.
 */
export function SidebarAccountsSlot() {
  return <p className="px-3 py-2 text-gray-500 text-sm">No accounts connected</p>;
}
