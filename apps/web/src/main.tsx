import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '@fontsource-variable/inter';
import './styles/tokens.css';
import './styles/global.css';
import { App } from './app/app';
import { layoutVariablesCss } from './app/layout/layout-variables';
import { createRouterInTasks } from './app/create-router';
import { nextTask } from './app/own-task';
import { routes } from './app/router';
import { PageHeadContext } from './components/ui/use-page-title';

async function start(root: HTMLElement) {
  // On a phone each step of start-up is a task of its own (the scripts' evaluation, the router's steps,
  // hydration), never one long block of the main thread.
  await nextTask();
  const router = await createRouterInTasks(routes);
  await nextTask();
  // The same providers as the prerendered page (src/prerender.tsx), so hydration finds what the server wrote.
  const app = (
    <StrictMode>
      <PageHeadContext.Provider value={null}>
        <App router={router} />
      </PageHeadContext.Provider>
    </StrictMode>
  );
  // A site page arrives prerendered and is hydrated, in a transition: React yields to the browser between
  // small slices of the work. Every other page is rendered here.
  if (root.firstElementChild) startTransition(() => void hydrateRoot(root, app));
  else {
    // A prerendered page has the header's sizes in its head already.
    const sizes = document.createElement('style');
    sizes.textContent = layoutVariablesCss();
    document.head.append(sizes);
    createRoot(root).render(app);
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
void start(root);
