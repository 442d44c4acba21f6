import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '@/stores/user.ts';
import { Menu, MenuCheckItem, MenuContent, MenuItem, MenuLabel, MenuTrigger } from '@/ui/Menu.tsx';

/** Which customers are in view: toggled by CustomerID and persisted. */
export function CustomerSelector() {
  const { t } = useTranslation();
  const { accessResponse, selectedCustomers, toggleCustomer } = useUserStore();
  const customers = accessResponse?.Customers ?? [];
  const label = t('shell.customersSelected', { count: selectedCustomers.length, total: customers.length });
  return (
    <Menu>
      <MenuTrigger asChild>
        <button type="button" className="topbar__select topbar__select--customers" data-testid="customer-selector">
          {/* Named by what it shows (the label wide, "n/m" on a phone), after the word for what it counts. */}
          <Users size={16} aria-hidden />
          <span className="visually-hidden">{t('shell.customers')}: </span>
          <span className="topbar__select-text topbar__wide-text">{label}</span>
          <span className="topbar__count">
            {selectedCustomers.length}/{customers.length}
          </span>
        </button>
      </MenuTrigger>
      <MenuContent align="start">
        <MenuLabel>{t('shell.customers')}</MenuLabel>
        {customers.length === 0 && <MenuItem disabled>{t('shell.noCustomers')}</MenuItem>}
        {customers.map((c) => (
          <MenuCheckItem
            key={c.CustomerID}
            keepOpen
            checked={selectedCustomers.some((s) => s.CustomerID === c.CustomerID)}
            onCheckedChange={() => toggleCustomer(c.CustomerID)}
          >
            {c.CustomerName}
          </MenuCheckItem>
        ))}
      </MenuContent>
    </Menu>
  );
}
