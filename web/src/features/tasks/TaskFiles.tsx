import { TASK_FILE_MAX_BYTES } from '@fieldwatch/core';
import { Paperclip, Upload, X } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { taskApi } from '@/lib/eventsApi.ts';
import { toast } from '@/lib/toast.ts';
import { Button, IconButton } from '@/ui/Button.tsx';
import { Time } from '@/ui/Time.tsx';
import { useTaskFiles } from './tasksApi.ts';

/** The files attached to the task: download, remove, or attach one more. */
export function TaskFiles({ taskId, canWork }: { taskId: string; canWork: boolean }) {
  const { t, i18n } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const { files, attach, remove } = useTaskFiles(taskId);
  const size = new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 });
  return (
    <section className="task-view__section" aria-labelledby="task-files">
      <h3 id="task-files">{t('tasks.files')}</h3>
      {files.data?.length === 0 && <p className="muted">{t('tasks.noFiles')}</p>}
      <ul className="task-files">
        {(files.data ?? []).map((f) => (
          <li key={f.id}>
            <Paperclip size={14} aria-hidden />
            <a href={taskApi.fileUrl(taskId, f.id)} download={f.name}>
              {f.name}
            </a>
            <span className="muted">
              {size.format(Math.max(1, Math.round(f.size / 1024)))} · {f.uploadedBy} · <Time at={f.uploadedAt} />
            </span>
            {canWork && (
              <IconButton label={t('tasks.deleteFile', { name: f.name })} onClick={() => remove.mutate(f.id)}>
                <X size={14} aria-hidden />
              </IconButton>
            )}
          </li>
        ))}
      </ul>
      {canWork && (
        <div>
          <input
            ref={input}
            type="file"
            hidden
            aria-label={t('tasks.attach')}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              // The server's limit, checked here first to say so at once.
              if (file.size > TASK_FILE_MAX_BYTES) toast(t('tasks.fileTooLarge', { name: file.name }), 'danger');
              else attach.mutate(file);
            }}
          />
          <Button
            icon={<Upload size={16} aria-hidden />}
            disabled={attach.isPending}
            onClick={() => input.current?.click()}
          >
            {t('tasks.attach')}
          </Button>
        </div>
      )}
    </section>
  );
}
