import type { DemoBot } from '@vuxo/shared';
import { ensureBuiltInBot, type BuiltInBot } from './site-bot.js';
import type { BuildScheduler } from '../bots.js';
import type { Database } from '../../db/schema.js';
import type { Kysely } from 'kysely';
import { BRIGHTFIX_PLUMBING } from './demos/brightfix-plumbing.js';
import { CRUMB_AND_CO } from './demos/crumb-and-co.js';
import { MAPLE_DENTAL } from './demos/maple-dental.js';

interface DemoSpec extends BuiltInBot {
  /** What the /demos page says about the sample business. */
  business: string;
  /** Questions the page offers to try; each is answered by the document. */
  questions: string[];
  text: string;
}

/**
 * The live demos of /demos: bots the product builds from sample businesses' documents shipped with it, exactly
 * as an owner's bot is built from theirs. The businesses are samples, and the page says so.
 */
export const DEMO_BOTS: readonly DemoSpec[] = [
  {
    botId: 'bot_demo_dental',
    shareId: 'demo-maple-dental',
    documentId: 'doc_demo_dental',
    name: 'Maple Dental Assistant',
    welcome:
      'Hi! I can tell you about our hours, prices, insurance and booking. What would you like to know?',
    documentName: 'maple-dental-handbook.md',
    tone: 'friendly',
    business: 'A dental clinic: hours, prices, insurance and emergencies, from its patient handbook.',
    questions: ['How much is a check-up and cleaning?', 'Do you take Blue Cross?', 'Where can I park?'],
    text: MAPLE_DENTAL,
  },
  {
    botId: 'bot_demo_bakery',
    shareId: 'demo-crumb-and-co',
    documentId: 'doc_demo_bakery',
    name: 'Crumb & Co. Helper',
    welcome: 'Hello! Ask me about our breads, custom cakes, allergens or delivery.',
    documentName: 'crumb-and-co-menu.md',
    tone: 'casual',
    business: 'A bakery: its menu, custom cakes, allergens and delivery, from one page of policies.',
    questions: ['How far ahead do I order a custom cake?', 'Do you deliver?', 'Are you open on Mondays?'],
    text: CRUMB_AND_CO,
  },
  {
    botId: 'bot_demo_plumbing',
    shareId: 'demo-brightfix',
    documentId: 'doc_demo_plumbing',
    name: 'BrightFix Dispatcher',
    welcome: 'Hello. I can answer questions about our services, rates, emergencies and guarantee.',
    documentName: 'brightfix-service-guide.md',
    tone: 'professional',
    business:
      'A plumbing company: rates, service area, emergencies and its guarantee, from its service guide.',
    questions: [
      'What is the call-out fee?',
      'Do you handle emergencies at night?',
      'How long is the guarantee?',
    ],
    text: BRIGHTFIX_PLUMBING,
  },
];

/** Makes sure every demo bot exists and answers from its current document. */
export async function ensureDemoBots(deps: { db: Kysely<Database>; builds: BuildScheduler }) {
  const outcomes = [];
  for (const demo of DEMO_BOTS) outcomes.push(await ensureBuiltInBot(deps, demo, demo.text));
  return outcomes;
}

/** What the browser is told about the demos (the /demos page). */
export function demoBotsForBrowser(): DemoBot[] {
  return DEMO_BOTS.map(({ botId, name, business, questions }) => ({ botId, name, business, questions }));
}
