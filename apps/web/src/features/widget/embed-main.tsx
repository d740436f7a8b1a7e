import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/inter';
import '../../styles/tokens.css';
import '../../styles/global.css';
import './styles/embed-document.css';
import { EmbedPage } from './embed-page';
import { PublicChatPage } from './public-chat-page';

/**
 * The light entry for /embed/:identifier and /public-chat/:botId (embed.html): React and the chat only, no
 * router, no sign-in, no marketing app, and the markdown renderer after the first paint.
 */
function segment(path: string, prefix: string): string | null {
  if (!path.startsWith(prefix)) return null;
  const raw = path.slice(prefix.length).split('/')[0] ?? '';
  try {
    return decodeURIComponent(raw).trim() || null;
  } catch {
    return null;
  }
}

const { pathname, search } = window.location;
const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
createRoot(root).render(
  <StrictMode>
    {pathname.startsWith('/public-chat/') ? (
      <PublicChatPage botId={segment(pathname, '/public-chat/')} />
    ) : (
      <EmbedPage identifier={segment(pathname, '/embed/')} search={search} />
    )}
  </StrictMode>,
);
