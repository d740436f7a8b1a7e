import type { Generated } from 'kysely';
import type { IsoTimestamp } from './schema-columns.js';

/** The public API's tables of `Database` (schema.ts): a bot's keys, its webhooks and their deliveries. */

/** A bot's API key (decision 108): only its SHA-256 is kept. */
export interface ApiKeysTable {
  id: string;
  bot_id: string;
  user_id: string;
  name: string;
  /** The key's first characters, shown to the owner. */
  prefix: string;
  /** Hex SHA-256 of the whole key. */
  key_hash: string;
  /** JSON array of scopes. */
  scopes: string;
  created_at: IsoTimestamp;
  last_used_at: IsoTimestamp | null;
  revoked_at: IsoTimestamp | null;
}

/** A bot's webhook endpoint (decision 112). */
export interface WebhooksTable {
  id: string;
  bot_id: string;
  url: string;
  /** JSON array of WebhookEvent. */
  events: string;
  /** `whsec_…`, kept to sign each delivery; shown to the owner once. */
  secret: string;
  created_at: IsoTimestamp;
}

/** One event for one endpoint; its id is the Standard Webhooks `webhook-id`, the same on every attempt. */
export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  event: string;
  /** The JSON body sent, exactly as signed. */
  payload: string;
  status: Generated<'pending' | 'delivered' | 'failed'>;
  attempts: Generated<number>;
  response_status: number | null;
  last_error: string | null;
  created_at: IsoTimestamp;
  last_attempt_at: IsoTimestamp | null;
}
