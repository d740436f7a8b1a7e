import { useLocation, useParams } from 'react-router';
import { EmbedPage } from './embed-page';
import { PublicChatPage } from './public-chat-page';

/**
 * The app router's /embed/:identifier and /public-chat/:botId (when reached by navigation inside the app;
 * the server answers a direct visit with the light embed entry, embed.html, which draws the same pages).
 */
export function EmbedRoute() {
  const { identifier } = useParams();
  const { search } = useLocation();
  return <EmbedPage key={identifier} identifier={identifier?.trim() || null} search={search} />;
}

export function PublicChatRoute() {
  const { botId } = useParams();
  return <PublicChatPage key={botId} botId={botId?.trim() || null} />;
}
