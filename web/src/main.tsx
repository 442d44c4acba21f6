import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { initI18n } from './i18n/i18n.ts';
import { installChunkFailureHandling } from './lib/chunkLoad.ts';
import { installErrorReporter, reactErrorCallbacks } from './lib/errorReporter.ts';
import { queryClient } from './lib/query.ts';
import { clientConfigQuery } from './lib/useClientConfig.ts';
import { useUserStore } from './stores/user.ts';
import './ui/tokens.css';
import './ui/base.css';
import './ui/ui.css';

// First, so that errors of the start are reported too (once the client config says reporting is on).
installErrorReporter(queryClient.fetchQuery(clientConfigQuery).then((c) => c.errorReporting));
// A lazy part of the app that cannot be loaded (a deploy replaced it) offers a reload (spec §8).
installChunkFailureHandling();
await initI18n(useUserStore.getState().activeLanguage);
const root = document.getElementById('root');
if (root) createRoot(root, reactErrorCallbacks).render(<App />);
