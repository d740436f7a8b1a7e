import type { SuggestedQuestionsResponse } from '@vuxo/shared';
import { parseJsonStrings, type BotsRepository } from '../db/bots-repository.js';
import { withoutBidiControls } from '../engine/answer/bidi-controls.js';
import { botNotFound } from './insights/owned-bot.js';
import type { User } from './users.js';

/** A bot's stored questions: the build's, and the owner's list (null while the bot shows the build's). */
export interface StoredQuestions {
  generated_questions: string;
  owner_questions: string | null;
}

/** The questions visitors see: the owner's list when there is one, else the build's; never a direction control. */
export function shownQuestions(bot: StoredQuestions): string[] {
  return parseJsonStrings(bot.owner_questions ?? bot.generated_questions).map(withoutBidiControls);
}

/**
 * The owner's suggested questions (decision 107): the list is the build's until the owner saves one, and from then
 * on the owner's, which a rebuild leaves alone (it rewrites only `generated_questions`); the reset gives it back.
 * Another owner's bot is the same 404 as an unknown one. The shared schema has already refused duplicates.
 */
export function suggestedQuestionsService(deps: { bots: BotsRepository }) {
  const { bots } = deps;

  async function ownBot(user: User, botId: string) {
    const bot = await bots
      .ownedBy(user.id, botId)
      .select(['bots.id', 'bots.generated_questions', 'bots.owner_questions'])
      .executeTakeFirst();
    if (!bot) throw botNotFound();
    return bot;
  }

  const view = (bot: StoredQuestions): SuggestedQuestionsResponse => ({
    questions: shownQuestions(bot),
    edited: bot.owner_questions !== null,
    fromDocument: parseJsonStrings(bot.generated_questions).map(withoutBidiControls),
  });

  async function store(user: User, botId: string, questions: string[] | null) {
    const bot = await ownBot(user, botId);
    const owner_questions = questions === null ? null : JSON.stringify(questions);
    await bots.setOwnerQuestions(bot.id, owner_questions);
    return view({ ...bot, owner_questions });
  }

  return {
    questions: async (user: User, botId: string) => view(await ownBot(user, botId)),
    save: (user: User, request: { botId: string; questions: string[] }) =>
      store(user, request.botId, request.questions),
    reset: (user: User, botId: string) => store(user, botId, null),
  };
}
export type SuggestedQuestionsService = ReturnType<typeof suggestedQuestionsService>;
