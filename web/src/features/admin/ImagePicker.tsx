import { AVATAR_TYPES } from '@fieldwatch/core';
import { Upload } from 'lucide-react';
import { type ChangeEvent, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast.ts';
import { imageProblem } from './adminForms.ts';

/**
 * A button that opens the file chooser for a logo or avatar. The file is checked here first
 * (type, 1 MB: 'Image size exceeded') so a large photo is refused before it travels.
 */
export function ImagePicker({
  label,
  disabled,
  onFile,
}: {
  label: string;
  disabled?: boolean;
  onFile: (file: File) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = imageProblem(file);
    if (problem) toast(t(problem.key, problem.params), 'danger');
    else onFile(file);
  };
  return (
    <>
      <input
        ref={input}
        id={id}
        type="file"
        accept={AVATAR_TYPES.join(',')}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden
        onChange={pick}
      />
      <button type="button" className="btn" disabled={disabled} onClick={() => input.current?.click()}>
        <Upload size={16} aria-hidden />
        {label}
      </button>
    </>
  );
}
