import { LIVE_MSG, LIVE_WIDGET_API, type LiveEvent, type LiveStatus } from '@vuxo/shared/live';
import type { ChatMessage } from '../hooks/chat-state';
import { storedVisitorId, widgetRequest } from '../api/widget-request';

/**
 * The visitor's side of a live conversation (issue 47, decision 115), in the widget's lazy live chunk: is the
 * owner here, ask for them, and their messages as they come (one EventSource per bot for the page's life; the
 * browser resumes it after a drop with Last-Event-ID, and the server sends each event once).
 */

const callerOf = (botId: string) => ({ visitorKeys: [botId] });

function statusOf(value: unknown): LiveStatus {
  const v = (value ?? {}) as Partial<LiveStatus>;
  return {
    ownerOnline: v.ownerOnline === true,
    ownerName: typeof v.ownerName === 'string' ? v.ownerName : null,
    held: v.held === true,
    requested: v.requested === true,
    ...(Array.isArray(v.hours) ? { hours: v.hours } : {}),
  };
}

export async function liveStatus(botId: string): Promise<LiveStatus> {
  const path = `${LIVE_WIDGET_API.liveStatus}?botConfigId=${encodeURIComponent(botId)}`;
  return statusOf(await widgetRequest(callerOf(botId), path, { method: 'GET' }));
}

export async function requestLive(botId: string): Promise<LiveStatus> {
  const body = { botConfigId: botId };
  return statusOf(
    await widgetRequest(callerOf(botId), LIVE_WIDGET_API.liveRequest, { method: 'POST', body }),
  );
}

type Receiver = (message: ChatMessage) => void;

interface Connection {
  source: EventSource;
  received: ChatMessage[];
  receiver: Receiver | null;
  ownerName: string | null;
}
const connections = new Map<string, Connection>();

/** The owner's name while live on this bot in this page (the notice outlives the panel being closed). */
export const liveOwnerName = (botId: string): string | null => connections.get(botId)?.ownerName ?? null;

/** Listens to the visitor's conversation; the owner's messages go to `receive` (and to the next one, again). */
export function connectLive(botId: string, ownerName: string | null, receive: Receiver): void {
  const existing = connections.get(botId);
  if (existing) {
    existing.receiver = receive;
    existing.received.forEach(receive);
    return;
  }
  const query = new URLSearchParams({ botConfigId: botId, visitorId: storedVisitorId([botId]) ?? '' });
  const connection: Connection = {
    source: new EventSource(`${LIVE_WIDGET_API.liveEvents}?${query}`),
    received: [],
    receiver: receive,
    ownerName,
  };
  connections.set(botId, connection);
  connection.source.onmessage = (e: MessageEvent<string>) => {
    const event = JSON.parse(e.data) as LiveEvent;
    if (event.kind !== 'message' || event.author !== 'owner') return;
    const message: ChatMessage = {
      id: `live-${event.id}`,
      position: 'left',
      text: event.text,
      date: new Date(event.at),
      author: event.name ?? ownerName ?? LIVE_MSG.defaultOwnerName,
    };
    connection.received.push(message);
    connection.receiver?.(message);
  };
}
