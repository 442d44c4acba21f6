import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';

/** A quiet label that is not a control (a state such as "Read only"): neutral colours, its icon beside its word. */
export function Tag({ icon, children }: { icon?: ReactNode; children: ReactNode }) {
  return (
    <span className="tag">
      {icon}
      {children}
    </span>
  );
}

/** Where a role may look but not act: a calm tag ("Read only") and what it means, above the disabled controls. */
export function ReadOnlyNote({ label, children }: { label: string; children?: ReactNode }) {
  return (
    <p className="read-only-note">
      <ReadOnlyTag label={label} />
      {children}
    </p>
  );
}

/** The "Read only" tag alone, e.g. beside a section's title. */
export function ReadOnlyTag({ label }: { label: string }) {
  return <Tag icon={<Lock size={12} aria-hidden />}>{label}</Tag>;
}
