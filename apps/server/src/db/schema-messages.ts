import type { Generated } from 'kysely';
import type { IsoTimestamp, JsonText, JsonTextWithDefault } from './schema-columns.js';

/** What people send the business or Vuxo, and the mail Vuxo sends: tables of `Database` (schema.ts). */

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  /** '' when the sender gave none. */
  company: Generated<string>;
  subject: string | null;
  message: string;
  created_at: IsoTimestamp;
}

export interface VoiceAgentRequestsTable {
  id: string;
  user_id: string | null;
  data: JsonText;
  created_at: IsoTimestamp;
}

export type EmailStatus = 'queued' | 'sent' | 'failed';

/** A message the product sends, rendered when queued (migration 0021). */
export interface EmailsTable {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  /** JSON object of extra headers (List-Unsubscribe, …). */
  headers: JsonTextWithDefault;
  user_id: string | null;
  bot_id: string | null;
  dedupe_key: string | null;
  status: Generated<EmailStatus>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: IsoTimestamp;
  sent_at: IsoTimestamp | null;
}

export type VisitorRequestStatus = 'new' | 'answered' | 'closed';

export interface VisitorRequestsTable {
  id: string;
  bot_id: string;
  visitor: string;
  network: string;
  contact_key: string;
  conversation_id: string | null;
  email: string | null;
  phone: string | null;
  name: string | null;
  question: string;
  status: Generated<VisitorRequestStatus>;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

/** An address an owner asked Vuxo to mail besides their sign-in email (decision 085). */
export interface MailConfirmationsTable {
  id: string;
  user_id: string;
  /** Lower case. */
  address: string;
  created_at: IsoTimestamp;
  confirmed_at: IsoTimestamp | null;
}

/** An address whose holder said "never mail me again" (decision 085). */
export interface MailRefusalsTable {
  address: string;
  created_at: IsoTimestamp;
}
