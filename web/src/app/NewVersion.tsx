import { RefreshCw, RotateCw, X } from 'lucide-react';
import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ChunkFailureKind,
  chunkFailureKind,
  getChunkFailure,
  reloadForNewVersion,
  showingReloadScreen,
  subscribeChunkFailure,
} from '@/lib/chunkLoad.ts';
import { Button, IconButton } from '@/ui/Button.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import './newVersion.css';

/** How long the prompt waits, so that a route's error screen, if there is one, shows alone. */
export const PROMPT_DELAY_MS = 400;

/** The title and text of each kind of chunk failure (lib/chunkLoad.ts). */
function useWording(kind: ChunkFailureKind) {
  const { t } = useTranslation();
  return {
    title: t(`errors.newVersion.${kind}Title`),
    text: t(`errors.newVersion.${kind}Text`),
    action: kind === 'again' ? t('common.retry') : t('errors.page.reload'),
    close: t('shell.close'),
  };
}

/**
 * A screen whose code could not be loaded (a route's error element): the whole page offers the
 * reload, and the prompt over the page stays away meanwhile.
 */
export function NewVersionScreen({ error }: { error: unknown }) {
  const [kind] = useState(() => chunkFailureKind(error));
  const w = useWording(kind);
  // Before paint, so that the prompt never shows beside the screen, and undone at once on unmount.
  useLayoutEffect(() => showingReloadScreen(), []);
  return (
    <main className="app-error" data-testid="new-version" data-kind={kind}>
      <div className="card app-error__card" role="alert">
        <EmptyState icon={<RefreshCw size={26} />} title={w.title}>
          <p>{w.text}</p>
          <Button
            variant="primary"
            icon={<RotateCw size={16} aria-hidden />}
            onClick={() => reloadForNewVersion()}
            autoFocus
          >
            {w.action}
          </Button>
        </EmptyState>
      </div>
    </main>
  );
}

/**
 * A widget, menu, dialog or translation whose code could not be loaded: the rest of the page
 * still works, so a prompt over it offers the reload; it can be put away.
 */
export function NewVersionPrompt() {
  const { failure, screens } = useSyncExternalStore(subscribeChunkFailure, getChunkFailure);
  const [closed, setClosed] = useState<ChunkFailureKind | null>(null);
  // A screen's own failure is shown by its route's error screen: it gets a moment to appear first.
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (!failure) return;
    const timer = setTimeout(() => setDue(true), PROMPT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [failure]);
  if (!failure || !due || screens > 0 || closed === failure) return null;
  return <Prompt kind={failure} onClose={() => setClosed(failure)} />;
}

function Prompt({ kind, onClose }: { kind: ChunkFailureKind; onClose: () => void }) {
  const w = useWording(kind);
  return (
    <section
      className="new-version"
      role="alert"
      aria-labelledby="new-version-title"
      data-testid="new-version"
      data-kind={kind}
    >
      <RefreshCw className="new-version__icon" size={20} aria-hidden />
      <div className="new-version__body">
        <h2 id="new-version-title" className="new-version__title">
          {w.title}
        </h2>
        <p className="new-version__text">{w.text}</p>
      </div>
      <div className="new-version__actions">
        <Button variant="primary" icon={<RotateCw size={16} aria-hidden />} onClick={() => reloadForNewVersion()}>
          {w.action}
        </Button>
        <IconButton label={w.close} onClick={onClose}>
          <X size={16} />
        </IconButton>
      </div>
    </section>
  );
}
