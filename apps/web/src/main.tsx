import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '@fontsource-variable/inter';
import './styles/tokens.css';
import './styles/global.css';
import { App } from './app/app';
import { PageHeadContext } from './components/ui/use-page-title';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
// The same providers as the prerendered page (src/prerender.tsx), so hydration finds what the server wrote.
const app = (
  <StrictMode>
    <PageHeadContext.Provider value={null}>
      <App />
    </PageHeadContext.Provider>
  </StrictMode>
);
// A site page arrives prerendered and is hydrated; every other page is rendered here.
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
