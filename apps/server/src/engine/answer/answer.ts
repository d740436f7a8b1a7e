import type { AnswerKindName } from '@vuxo/shared/insights';
import type { LlmUsage } from '../llm/index.js';
import type { SearchResult } from '../retrieval/index.js';
import type { DeclineReason } from './decline-reason.js';
import type { UnsureReason } from './unsure-reason.js';
import type { Assessment } from './assurance.js';

export type AnswerKind = AnswerKindName;

/** What the engine gives for one message, whoever wrote it (the built-in composer, the model, the owner). */
export interface Answer {
  /** Safe markdown (see markdown-safety). */
  reply: string;
  kind: AnswerKind;
  engine: 'built-in' | 'llm';
  /** The passages the answer comes from, best first (empty for small talk and declines). */
  sources: SearchResult[];
  /** Why the model was not used when one is configured (it failed, timed out…), or why its reply is cut. */
  fallbackReason?: string;
  /** The model's reply stopped before its end (it failed mid-way, or the visitor stopped it): `reply` is partial. */
  cut?: 'failed' | 'stopped';
  /** The model's token counts for this answer, as its server reported them. */
  usage?: LlmUsage;
  /** Why the built-in engine declined (kind 'declined'): shown to the owner, never to visitors. */
  declineReason?: DeclineReason;
  /** The owner's saved answer given (kind 'correction'). */
  correctionId?: string;
  /** Why the built-in engine was unsure of its answer (kind 'answer'): the reply says so (issue 44), the owner reviews it. */
  unsure?: UnsureReason;
  /** How sure the built-in engine was, and of what reply (issue 44): for evaluation and training, never sent on. */
  assessment?: Assessment;
}
