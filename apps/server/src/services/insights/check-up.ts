import {
  CHECK_UP_QUESTIONS,
  type CheckUpFact,
  type CheckUpItem,
  type CheckUpOutcome,
  type CheckUpResponse,
  type KeyFactsResponse,
} from '@vuxo/shared';
import type { BotsRepository } from '../../db/bots-repository.js';
import type { Answer } from '../../engine/answer/index.js';
import type { ChatService } from '../chat.js';
import { shownQuestions } from '../suggested-questions.js';
import type { User } from '../users.js';
import { botNotFound } from './owned-bot.js';

/** Whether the bot has a key fact of each kind the check-up asks about. */
const HAS_FACT: Record<CheckUpFact, (facts: KeyFactsResponse['facts']) => boolean> = {
  phones: (facts) => facts.phones.length > 0,
  emails: (facts) => facts.emails.length > 0,
  address: (facts) => facts.address !== null && facts.address.trim() !== '',
  hours: (facts) => facts.hours.length > 0 || facts.hoursNotes.length > 0,
  prices: (facts) => facts.prices.length > 0,
};

function outcomeOf(answer: Answer): CheckUpOutcome {
  if (answer.kind === 'correction') return 'saved';
  if (answer.kind === 'declined') return 'declined';
  return answer.unsure ? 'unsure' : 'answered';
}

/**
 * The check-up (issue 31): the bot's answers now to its suggested questions and to an everyday question per kind
 * of key fact it has, asked as its owner asks in the console (chat.answerAsOwner: not logged, not counted).
 */
export function checkUpService(deps: {
  bots: BotsRepository;
  chat: Pick<ChatService, 'answerAsOwner'>;
  keyFacts: { keyFacts(user: User, botId: string): Promise<KeyFactsResponse> };
}) {
  return {
    async checkUp(user: User, botId: string): Promise<CheckUpResponse> {
      const bot = await deps.bots
        .ownedBy(user.id, botId)
        .select(['bots.id', 'bots.generated_questions', 'bots.owner_questions'])
        .executeTakeFirst();
      if (!bot) throw botNotFound();
      const { facts } = await deps.keyFacts.keyFacts(user, bot.id);
      const factQuestions = (Object.keys(CHECK_UP_QUESTIONS) as CheckUpFact[])
        .filter((kind) => HAS_FACT[kind](facts))
        .map((kind) => CHECK_UP_QUESTIONS[kind]);
      const questions = [...new Set([...shownQuestions(bot), ...factQuestions])];
      const items: CheckUpItem[] = [];
      // One at a time: a model's answers are not asked for all at once.
      for (const question of questions) {
        const answer = await deps.chat.answerAsOwner(user, bot.id, question);
        if (!answer || answer.kind === 'not-ready') return { ready: false, items: [] };
        items.push({ question, reply: answer.reply, outcome: outcomeOf(answer) });
      }
      return { ready: true, items };
    },
  };
}
export type CheckUpService = ReturnType<typeof checkUpService>;
