import type { DropdownMenu as RadixMenu } from 'radix-ui';
import {
  cloneElement,
  createContext,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  useContext,
  useState,
} from 'react';
import { loadChunk } from '@/lib/chunkLoad.ts';

/**
 * Menus on Radix's accessible dropdown: keyboard navigation, focus return, RTL aware. Radix's menu
 * and its positioning engine load with the first menu a user opens rather than with the page: the
 * shell and every dashboard show menu buttons, and the menu code was 18 KB (gzip) of the first
 * load. Until then a trigger is the same button, announced as a menu button, that
 * loads Radix and opens on the keys and presses Radix's trigger opens on.
 */
type Radix = typeof RadixMenu;
let radix: Radix | undefined;
let loading: Promise<Radix> | undefined;
const loadRadix = () => {
  // A failure (its file gone after a deploy) offers a reload (lib/chunkLoad.ts); the next press tries again.
  loading ??= loadChunk(() => import('./radixMenu.ts')).then(
    (m) => {
      radix = m.DropdownMenu;
      return radix;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
};

/** Present while Radix has not loaded for this menu: opens it. */
const OpenPending = createContext<(() => void) | null>(null);

export function Menu({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState<{ open: boolean } | undefined>(radix ? { open: false } : undefined);
  if (ready && radix) return <radix.Root defaultOpen={ready.open}>{children}</radix.Root>;
  const open = () =>
    void loadRadix().then(
      () => setReady({ open: true }),
      () => {},
    );
  return <OpenPending.Provider value={open}>{children}</OpenPending.Provider>;
}

type TriggerChild = ReactElement<{
  onPointerDown?: (e: PointerEvent<HTMLElement>) => void;
  onKeyDown?: (e: KeyboardEvent<HTMLElement>) => void;
}>;

export function MenuTrigger({ children }: { asChild: true; children: TriggerChild }) {
  const open = useContext(OpenPending);
  if (!open) {
    const R = radix as Radix;
    return <R.Trigger asChild>{children}</R.Trigger>;
  }
  return cloneElement(children, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      children.props.onPointerDown?.(e);
      if (e.button !== 0 || e.ctrlKey) return;
      e.preventDefault();
      open();
    },
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      children.props.onKeyDown?.(e);
      if (e.key !== 'Enter' && e.key !== ' ' && e.key !== 'ArrowDown') return;
      e.preventDefault();
      open();
    },
  } as Record<string, unknown>);
}

// The parts below render only inside a menu Radix runs (another menu may have loaded it first).

export function MenuContent({ children, align = 'end' }: { children: ReactNode; align?: 'start' | 'end' }) {
  const pending = useContext(OpenPending);
  const R = radix;
  if (pending || !R) return null;
  return (
    <R.Portal>
      <R.Content className="menu" align={align} sideOffset={6} collisionPadding={8}>
        {children}
      </R.Content>
    </R.Portal>
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
  const R = radix as Radix;
  return (
    <R.Item className="menu__item" onSelect={onSelect} disabled={disabled}>
      {children}
    </R.Item>
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
  const R = radix as Radix;
  return (
    <R.CheckboxItem
      className="menu__item"
      checked={checked}
      onCheckedChange={onCheckedChange}
      onSelect={keepOpen ? (e) => e.preventDefault() : undefined}
    >
      {children}
      <R.ItemIndicator className="menu__check">✓</R.ItemIndicator>
    </R.CheckboxItem>
  );
}

export function MenuLabel({ children }: { children: ReactNode }) {
  const R = radix as Radix;
  return <R.Label className="menu__label">{children}</R.Label>;
}

export function MenuSeparator() {
  const R = radix as Radix;
  return <R.Separator className="menu__separator" />;
}

/** Items that belong together under a label (announced as a group). */
export function MenuGroup({ children }: { children: ReactNode }) {
  const R = radix as Radix;
  return <R.Group className="menu__group">{children}</R.Group>;
}
