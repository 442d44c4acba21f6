import type { ReactNode } from 'react';
import { type RecordColumn, RecordTable } from '@/ui/RecordTable.tsx';
import { ScrollRegion } from '@/ui/ScrollRegion.tsx';

/**
 * A list of the administration: a table of records in a region that scrolls sideways where the
 * screen is narrower than the table, named by the table's caption and in the tab order, so that a
 * keyboard can scroll it too.
 */
export function AdminTable({
  className,
  caption,
  columns,
  actions,
  children,
}: {
  className?: string;
  caption: string;
  columns: readonly RecordColumn[];
  actions?: string;
  children: ReactNode;
}) {
  return (
    <ScrollRegion className="admin-table-wrap" label={caption}>
      <RecordTable
        className={className ? `admin-table ${className}` : 'admin-table'}
        caption={caption}
        columns={columns}
        actions={actions}
      >
        {children}
      </RecordTable>
    </ScrollRegion>
  );
}
