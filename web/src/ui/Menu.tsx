import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';

/** Menus on Radix's accessible dropdown: keyboard navigation, focus return, RTL aware. */
export const Menu = DropdownMenu.Root;
export const MenuTrigger = DropdownMenu.Trigger;

export function MenuContent({ children, align = 'end' }: { children: ReactNode; align?: 'start' | 'end' }) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content className="menu" align={align} sideOffset={6} collisionPadding={8}>
        {children}
      </DropdownMenu.Content>
    </DropdownMenu.Portal>
  );
}

export function MenuItem({
  children,
  onSelect,
  disabled,
}: {
  children: ReactNode;
  onSelect?: () => void;
  disabled?: boolean;
}) {
  return (
    <DropdownMenu.Item className="menu__item" onSelect={onSelect} disabled={disabled}>
      {children}
    </DropdownMenu.Item>
  );
}

export function MenuCheckItem({
  children,
  checked,
  onCheckedChange,
  keepOpen,
}: {
  children: ReactNode;
  checked: boolean;
  onCheckedChange: () => void;
  keepOpen?: boolean;
}) {
  return (
    <DropdownMenu.CheckboxItem
      className="menu__item"
      checked={checked}
      onCheckedChange={onCheckedChange}
      onSelect={keepOpen ? (e) => e.preventDefault() : undefined}
    >
      {children}
      <DropdownMenu.ItemIndicator className="menu__check">✓</DropdownMenu.ItemIndicator>
    </DropdownMenu.CheckboxItem>
  );
}

export const MenuLabel = ({ children }: { children: ReactNode }) => (
  <DropdownMenu.Label className="menu__label">{children}</DropdownMenu.Label>
);
export const MenuSeparator = () => <DropdownMenu.Separator className="menu__separator" />;
