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
