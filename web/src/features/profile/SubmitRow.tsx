import { Save } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/ui/Button.tsx';

/** A profile form's submit button, on its own row at the form's end; idle while the form saves. */
export function SubmitRow({ label, busy, icon }: { label: string; busy: boolean; icon?: ReactNode }) {
  return (
    <div className="profile-form__actions">
      <Button type="submit" variant="primary" icon={icon ?? <Save size={16} aria-hidden />} disabled={busy}>
        {label}
      </Button>
    </div>
  );
}
