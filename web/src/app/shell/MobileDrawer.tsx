import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { IconButton } from '@/ui/Button.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';
import { NavList } from './NavRail.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';
import { useNavSections } from './useNavSections.ts';

/** The phone's drawer with every entry (MobileNav.tsx), on Radix's dialog; focus goes back to `opener` on close. */
export function MobileDrawer({
  open,
  onOpenChange,
  opener,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  opener: HTMLElement | null;
}) {
  const { t } = useTranslation();
  const sections = useNavSections();
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer__overlay" />
        <Dialog.Content
          className="drawer"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            if (!opener?.isConnected) return;
            event.preventDefault();
            opener.focus();
          }}
        >
          <div className="drawer__head">
            <Dialog.Title className="drawer__title">{t('app.name')}</Dialog.Title>
            <Dialog.Close asChild>
              <IconButton label={t('shell.close')}>
                <X size={18} />
              </IconButton>
            </Dialog.Close>
          </div>
          {sections.map((s) => (
            <NavList key={s.title} {...s} onNavigate={close} />
          ))}
          <div className="drawer__prefs">
            <LanguageMenu />
            <ThemeToggle />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
