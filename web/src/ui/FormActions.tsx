import { useTranslation } from 'react-i18next';
import { Button } from './Button.tsx';

/** A dialog form's last row: Cancel, and the submit button named for what it does (red when it destroys). */
export function FormActions({
  onCancel,
  submit,
  disabled,
  danger,
}: {
  onCancel: () => void;
  submit: string;
  disabled?: boolean;
  danger?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="dialog__actions">
      <Button onClick={onCancel}>{t('common.cancel')}</Button>
      <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={disabled}>
        {submit}
      </Button>
    </div>
  );
}
