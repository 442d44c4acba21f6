import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { initI18n } from './i18n/i18n.ts';
import { useUserStore } from './stores/user.ts';
import './ui/tokens.css';
import './ui/base.css';
import './ui/ui.css';

await initI18n(useUserStore.getState().activeLanguage);
const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
