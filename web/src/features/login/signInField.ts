import { __iconNode as CircleAlert } from 'lucide-react/dist/esm/icons/circle-alert.js?node';
import { h, icon, setAttr } from '@/ui/dom.ts';

/** A labelled field of the sign-in card without React, in ui/TextField.tsx's markup; `setError` shows its validation text. */
export function field(id: string, label: Text, input: HTMLInputElement, adornment?: HTMLElement) {
  input.id = id;
  input.className = 'field__input';
  const control = h(
    'div',
    { class: 'field__control' },
    input,
    adornment && h('span', { class: 'field__adornment' }, adornment),
  );
  const root = h('div', { class: 'field' }, h('label', { class: 'field__label', for: id }, label), control);
  let note: HTMLElement | undefined;
  /** The validation text below the field, linked for screen readers (as ui/TextField.tsx). */
  const setError = (error: string | undefined) => {
    note?.remove();
    note = error
      ? h('span', { id: `${id}-note`, class: 'field__error', role: 'alert' }, icon(CircleAlert, 14), ` ${error}`)
      : undefined;
    if (note) root.append(note);
    setAttr(input, 'aria-invalid', error ? 'true' : undefined);
    setAttr(input, 'aria-describedby', error ? `${id}-note` : undefined);
  };
  return { root, setError };
}
