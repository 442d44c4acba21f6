import { SEVERITY_TABLE, TASK_CATEGORIES, type TaskCategory } from '@fieldwatch/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { taskWorkCustomers, useUserStore } from '@/stores/user.ts';
import { Button } from '@/ui/Button.tsx';
import { Dialog } from '@/ui/Dialog.tsx';
import { Select } from '@/ui/Select.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { useTaskCreation } from './tasksApi.ts';

/** A custom task: title (default 'New task'), severity (its category) and the organization it belongs to. */
export function NewTaskDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (id: string) => void;
}) {
  const { t } = useTranslation();
  const customers = useUserStore((s) => s.accessResponse?.Customers);
  const orgs = useMemo(() => taskWorkCustomers(customers ?? []), [customers]);
  const [title, setTitle] = useState('');
  const [category, setCategory] = useState<TaskCategory>('notice');
  const [org, setOrg] = useState<number | undefined>(undefined);
  const organizationId = org ?? orgs[0]?.CustomerID;
  const create = useTaskCreation((id) => {
    onOpenChange(false);
    setTitle('');
    onCreated(id);
  });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('tasks.new')}
      actions={
        <>
          <Button onClick={() => onOpenChange(false)}>{t('common.cancel')}</Button>
          <Button
            variant="primary"
            disabled={!organizationId || create.isPending}
            onClick={() =>
              create.mutate({ organizationId: organizationId ?? 0, title: title.trim() || undefined, category })
            }
          >
            {t('common.create')}
          </Button>
        </>
      }
    >
      <div className="task-form">
        <TextField
          label={t('tasks.title')}
          value={title}
          maxLength={200}
          placeholder={t('tasks.defaultTitle')}
          onChange={(e) => setTitle(e.target.value)}
        />
        <Select
          label={t('severity.name')}
          value={category}
          onChange={(e) => setCategory(e.target.value as TaskCategory)}
          options={TASK_CATEGORIES.map((c) => ({ value: c, label: t(SEVERITY_TABLE[c].label) }))}
          title={t(SEVERITY_TABLE[category].explain)}
        />
        <Select
          label={t('tasks.organization')}
          value={organizationId === undefined ? '' : String(organizationId)}
          onChange={(e) => setOrg(Number(e.target.value))}
          options={orgs.map((c) => ({ value: String(c.CustomerID), label: c.CustomerName }))}
        />
      </div>
    </Dialog>
  );
}
