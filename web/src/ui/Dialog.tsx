import { type ComponentType, lazy, Suspense, useRef } from 'react';
import { loadChunk } from '@/lib/chunkLoad.ts';
import type { DialogProps } from './DialogFrame.tsx';

/**
 * Radix's dialog (DialogFrame.tsx) loads with the first dialog a user opens, not with the page: the
 * overview and most screens have dialogs that are closed at first, and Radix's dialog, focus trap
 * and scroll lock were 12 KB (gzip) of their first load. A file that cannot load (a deploy) offers
 * the reload (lib/chunkLoad.ts) and the dialog stays shut.
 */
const Shut: ComponentType<DialogProps> = () => null;
const Frame = lazy(() =>
  loadChunk(() => import('./DialogFrame.tsx')).then(
    (m): { default: ComponentType<DialogProps> } => ({ default: m.DialogFrame }),
    () => ({ default: Shut }),
  ),
);

export function Dialog(props: DialogProps) {
  // Once opened it stays rendered, so Radix runs the closing (focus return) itself.
  const opened = useRef(false);
  opened.current ||= props.open;
  if (!opened.current) return null;
  return (
    <Suspense fallback={null}>
      <Frame {...props} />
    </Suspense>
  );
}
