import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type {
  AnswerKindName,
  BotDocumentStatus,
  BotStatus,
  BotType,
  CreativityLevel,
  FeedbackVote,
  PlanKey,
  SourceKind,
  SourceStatus,
  Tone,
} from '@vuxo/shared';
import type { IsoTimestamp, JsonText, JsonTextWithDefault, SqlBool } from './schema-columns.js';
import type {
  ContactMessagesTable,
  EmailsTable,
  VisitorRequestsTable,
  MailConfirmationsTable,
  MailRefusalsTable,
  VoiceAgentRequestsTable,
} from './schema-messages.js';
import type { ApiKeysTable, WebhookDeliveriesTable, WebhooksTable } from './schema-public-api.js';
import type { LiveTables } from './schema-live.js';
import type { SourceRefreshesTable } from './schema-source-refresh.js';

export type { IsoTimestamp, JsonText, SqlBool } from './schema-columns.js';
export type * from './schema-messages.js';
export type * from './schema-public-api.js';
export type * from './schema-live.js';
export type * from './schema-source-refresh.js';

/** `credited`: a lower plan's period whose unused value became days of a higher plan (see credited_to). */
export type SubscriptionStatus = 'active' | 'expired' | 'cancelled' | 'credited';
// The bot's enumerations are the product's own (packages/shared); the database stores them as text.
export type { BotStatus, BotType, CreativityLevel };
export type JobStatus = 'queued' | 'running' | 'done' | 'failed';
export type PaymentProvider = 'stripe' | 'local';
export type PaymentStatus = 'requires_payment' | 'succeeded' | 'failed';

export interface UsersTable {
  /** The identity provider's uid. */
  id: string;
  email: string | null;
  display_name: string | null;
  email_verified: SqlBool;
  created_at: IsoTimestamp;
  last_seen_at: IsoTimestamp;
  /** 1 once the owner unsubscribed from the weekly summary (decision 067). */
  weekly_summary_off: ColumnType<SqlBool, SqlBool | undefined, SqlBool>;
}

export interface SubscriptionsTable {
  id: string;
  user_id: string;
  plan_key: PlanKey;
  status: SubscriptionStatus;
  current_period_start: IsoTimestamp;
  /** Null for a plan with no end (the trial, enterprise by contract). */
  current_period_end: IsoTimestamp | null;
  payment_id: string | null;
  created_at: IsoTimestamp;
  /** On a `credited` period: the unused value, in cents, moved into the subscription `credited_to`. */
  credited_cents: ColumnType<number | null, number | null | undefined, number | null>;
  credited_to: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface WizardSessionsTable {
  /** Made by the client. */
  id: string;
  user_id: string | null;
  created_at: IsoTimestamp;
  expires_at: IsoTimestamp;
  /** The session's latest upload; a plain column (documents.session_id is the foreign key). */
  document_id: string | null;
  image_path: string | null;
  /** The session's document being read by OCR, or how its reading ended: JSON of `DocumentReading` (decision 073). */
  reading: string | null;
  /** When `reading` last changed: a reading left unchanged far longer than a page takes was stopped by a restart. */
  reading_at: IsoTimestamp | null;
}

export interface DocumentsTable {
  id: string;
  session_id: string | null;
  original_name: string;
  stored_path: string;
  mime_type: string;
  size_bytes: number;
  text_chars: number;
  created_at: IsoTimestamp;
}

/** A document's extracted text, apart from its row in `documents` (migration 0032). */
export interface DocumentTextsTable {
  document_id: string;
  text: string;
  /** A PDF's pages as extraction gave them: JSON of `{ page, text }[]`; null for other documents. */
  pages: string | null;
}

export interface BotsTable {
  id: string;
  user_id: string;
  share_id: string;
  name: string;
  welcome_message: string;
  tone: Tone;
  creativity: CreativityLevel;
  bot_type: BotType;
  theme_id: string;
  image_path: string | null;
  /** The bot's one document; a bot points at its document, never the other way round. */
  document_id: string | null;
  status: BotStatus;
  /** Why the bot is in `error`, readable by the owner. */
  status_reason: string | null;
  /** JSON array of host names. */
  allowed_domains: JsonTextWithDefault;
  /** The suggested questions the latest build made (JSON array of strings), each answered sure by the engine. */
  generated_questions: JsonTextWithDefault;
  /** The owner's list of suggested questions (JSON array); null: the build's are shown (decision 107). */
  owner_questions: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * Where declines send visitors, set by the owner; null means the owner's sign-in
   * email (see services/bot-contact.ts).
   */
  contact_email: string | null;
  /** 1: declines give no contact at all (the owner's choice, decision 062); 0 for bots made before. */
  no_contact: ColumnType<SqlBool, SqlBool | undefined, SqlBool>;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
  /** Set by each build: the version the answer engine keys the bot's index and cached answers by. */
  index_version: ColumnType<string, string | undefined, string>;
  /** Changed with every change to the bot's corrections: the chat keys its cached corrections by it. */
  corrections_version: ColumnType<string, string | undefined, string>;
  deleted_at: IsoTimestamp | null;
  /** Why the owner's last change of its documents could not be applied (decision 065); null when it was. */
  knowledge_error: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the owner last chose to keep this bot live over the plan's cap (decision 032); null when never. */
  kept_live_at: ColumnType<IsoTimestamp | null, IsoTimestamp | null | undefined, IsoTimestamp | null>;
  /** 1: the bot offers visitors no request form (decision 068). */
  requests_off: ColumnType<SqlBool, SqlBool | undefined, SqlBool>;
  /** Where request notifications go; null: the bot's contact. */
  requests_email: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A visitor's message and the bot's answer, kept for the owner (CHAT_RETENTION_DAYS). */
export interface ChatMessagesTable {
  id: string;
  bot_id: string;
  /** The visitor's messages to the bot in one UTC day. */
  conversation_id: string;
  /** A pseudonym of the visitor id (never an address). */
  visitor: string;
  question: string;
  reply: string;
  kind: AnswerKindName;
  /** JSON array of source labels. */
  sources: JsonTextWithDefault;
  vote: FeedbackVote | null;
  /** Set when the owner dismissed it from the missed questions. */
  dismissed_at: IsoTimestamp | null;
  asked_at: IsoTimestamp;
  /** Who wrote the reply; null in rows older than the column. */
  engine: 'built-in' | 'llm' | null;
  /** Why the model's answer was not used (or is cut short). */
  fallback_reason: string | null;
  /** The model's token counts for this answer, as its server reported them. */
  prompt_tokens: number | null;
  cached_tokens: number | null;
  completion_tokens: number | null;
  /** Why the built-in engine declined it (JSON of DeclineReason); never sent to visitors. */
  decline_reason: string | null;
  /** The owner's saved answer that answered it (bot_corrections.id), if one did. */
  correction_id: string | null;
  /** Why the built-in engine was unsure of the answer it gave (JSON of UnsureReason); never sent to visitors. */
  unsure_reason: string | null;
  /** Where the message came from (migration 0027). */
  source: Generated<MessageSource>;
}

export type MessageSource = 'widget' | 'api';

/** Per bot and UTC day (YYYY-MM-DD): every answer's model tokens, and the fallbacks to the built-in engine. */
export interface ModelUsageTable {
  bot_id: string;
  day: string;
  answers: number;
  prompt_tokens: number;
  cached_tokens: number;
  completion_tokens: number;
  fallbacks: number;
}

/** The owner's own answer to a question (and its paraphrases), used before the document. */
export interface BotCorrectionsTable {
  id: string;
  bot_id: string;
  question: string;
  answer: string;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

/** The owner's corrections of a bot's key facts: the kinds they changed, as JSON (decision 039). */
export interface BotFactEditsTable {
  bot_id: string;
  edits: string;
  updated_at: IsoTimestamp;
}

/** A website address the owner added to a bot: one page, or a whole site read from it. */
export interface BotSourcesTable {
  id: string;
  bot_id: string;
  /** Normalized: http(s), no fragment. */
  url: string;
  kind: SourceKind;
  status: SourceStatus;
  title: string | null;
  /** Why the last read failed, for the owner. */
  error: string | null;
  page_count: number | null;
  bytes: number | null;
  /** The last successful read. */
  fetched_at: IsoTimestamp | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

/** The readable text of a page a source read (replaced on each read). */
export interface SourcePagesTable {
  source_id: string;
  ordinal: number;
  url: string;
  title: string;
  text: string;
}

/** A bot's documents beyond `bots.document_id`, and those waiting for a rebuild (migration 0018). */
export interface BotDocumentsTable {
  document_id: string;
  bot_id: string;
  status: BotDocumentStatus;
  /** A pending or reading document's: the document it replaces; null when it is added. */
  replaces: string | null;
  created_at: IsoTimestamp;
  /**
   * While `reading` (decision 084): the upload's name and progress, JSON `{ fileName, done, total }` (migration
   * 0025); null otherwise, and the `documents` row exists only once the document is read.
   */
  reading: ColumnType<string | null, string | null | undefined, string | null>;
  /** When `reading` last changed: a reading left unchanged far longer than a page takes was stopped by a restart. */
  reading_at: ColumnType<IsoTimestamp | null, IsoTimestamp | null | undefined, IsoTimestamp | null>;
}

/** A built bot's serialized retrieval index, kept apart from `bots` (see migration 0002). */
export interface BotIndexesTable {
  bot_id: string;
  /** The index as JSON, for rows built before migration 0031; empty since (db/packed-index.ts). */
  retrieval_index: string;
  packed_index: Uint8Array | null;
}

export interface JobsTable {
  id: string;
  kind: string;
  payload: JsonText;
  status: Generated<JobStatus>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_after: IsoTimestamp;
  lease_owner: string | null;
  lease_until: IsoTimestamp | null;
  last_error: string | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

export interface PaymentsTable {
  id: string;
  user_id: string;
  provider: PaymentProvider;
  provider_payment_id: string;
  plan_key: PlanKey;
  amount_cents: number;
  currency: string;
  status: PaymentStatus;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

/** A payment provider's events already handled: each is applied once, however often it is delivered. */
export interface PaymentEventsTable {
  id: string;
  provider: PaymentProvider;
  received_at: IsoTimestamp;
}

export interface ChatUsageTable {
  bot_id: string;
  visitor_id: string;
  /** 'YYYY-MM-DD'. */
  day: string;
  count: number;
}

export interface PageViewsTable {
  id: string;
  path: string;
  referrer: string | null;
  visitor_id: string | null;
  created_at: IsoTimestamp;
}

/**
 * The database as Kysely sees it; `migrations/` is the source of truth for the SQL. The columns' conventions are
 * in schema-columns.ts; the tables of messages (contact, requests, email) in schema-messages.ts.
 */
export interface Database extends LiveTables {
  emails: EmailsTable;
  visitor_requests: VisitorRequestsTable;
  mail_confirmations: MailConfirmationsTable;
  mail_refusals: MailRefusalsTable;
  users: UsersTable;
  subscriptions: SubscriptionsTable;
  wizard_sessions: WizardSessionsTable;
  documents: DocumentsTable;
  document_texts: DocumentTextsTable;
  bots: BotsTable;
  bot_documents: BotDocumentsTable;
  bot_indexes: BotIndexesTable;
  jobs: JobsTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  chat_usage: ChatUsageTable;
  contact_messages: ContactMessagesTable;
  page_views: PageViewsTable;
  voice_agent_requests: VoiceAgentRequestsTable;
  chat_messages: ChatMessagesTable;
  bot_corrections: BotCorrectionsTable;
  bot_fact_edits: BotFactEditsTable;
  bot_sources: BotSourcesTable;
  source_pages: SourcePagesTable;
  source_refreshes: SourceRefreshesTable;
  model_usage: ModelUsageTable;
  api_keys: ApiKeysTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type NewSubscription = Insertable<SubscriptionsTable>;
export type WizardSessionRow = Selectable<WizardSessionsTable>;
export type NewWizardSession = Insertable<WizardSessionsTable>;
export type DocumentRow = Selectable<DocumentsTable>;
export type NewDocument = Insertable<DocumentsTable>;
export type BotRow = Selectable<BotsTable>;
export type NewBot = Insertable<BotsTable>;
export type BotUpdate = Updateable<BotsTable>;
export type JobRow = Selectable<JobsTable>;
export type NewJob = Insertable<JobsTable>;
export type JobUpdate = Updateable<JobsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type NewPayment = Insertable<PaymentsTable>;
export type PaymentUpdate = Updateable<PaymentsTable>;
export type ChatUsageRow = Selectable<ChatUsageTable>;
export type ContactMessageRow = Selectable<ContactMessagesTable>;
export type NewContactMessage = Insertable<ContactMessagesTable>;
export type PageViewRow = Selectable<PageViewsTable>;
export type NewPageView = Insertable<PageViewsTable>;
export type VoiceAgentRequestRow = Selectable<VoiceAgentRequestsTable>;
export type NewVoiceAgentRequest = Insertable<VoiceAgentRequestsTable>;
export type NewChatMessage = Insertable<ChatMessagesTable>;
