import type { ReactNode } from 'react';
import { type RecordColumn, RecordTable } from '@/ui/RecordTable.tsx';
import { ScrollRegion } from '@/ui/ScrollRegion.tsx';

/**
 * A list of the administration: a table of records in a region that scrolls sideways where the
 * screen is narrower than the table, named by the table's caption and in the tab order, so that a
 * keyboard can scroll it too.
 */
export function AdminTable({
  className = 'admin-table',
  caption,
  columns,
  actions,
  children,
}: {
  /** The table's whole class: the administration's list look unless a table has its own (the matrix). */
  className?: string;
  caption: string;
  columns: readonly RecordColumn[];
  actions?: string;
  children: ReactNode;
}) {
  return (
    <ScrollRegion className="admin-table-wrap" label={caption}>
      <RecordTable className={className} caption={caption} columns={columns} actions={actions}>
        {children}
      </RecordTable>
    </ScrollRegion>
  );
}
