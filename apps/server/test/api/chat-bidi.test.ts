import { API, CHAT_STREAM_TYPE, botSourcesResponseSchema, parseReply } from '@vuxo/shared';
import type { ReadPage, SourceReader } from '../../src/services/source-fetch.js';
import { subscribe } from '../support/dashboard-owners.js';
import { bearer, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wizard-flow.js';
import {
  createReadyBot,
  startChatApp,
  startFakeModel,
  type FakeModelServer,
  type ReadyBot,
} from '../engine/answer/chat-fixtures.js';

/** Unicode's direction controls: a right-to-left override, isolates, marks and the pop that ends them. */
const RLO = '\u202e';
const PDF = '\u202c';
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** Headings, text, a page title and a model's reply that would each show reversed or reordered. */
const DOCUMENT = [
  `# ${RLO}sruoh gninepO${PDF}`,
  `We are open ${RLO}yadnoM${PDF} to Friday, 9 AM to 5 PM\u200f.`,
  '',
  `# Fees \u2067and prices\u2069`,
  'An initial assessment costs $120\u061c and takes an hour.',
].join('\n');
const PAGE: ReadPage = {
  url: 'https://clinic.example/classes',
  title: `${RLO}sessalc yratiuqA${PDF}`,
  text: 'Aquatic therapy classes run every Wednesday at 6 PM in the warm pool.',
  bytes: 120,
};
const reader: SourceReader = {
  page: async () => PAGE,
  site: async () => ({ pages: [PAGE], firstFailure: null }),
};

describe('direction controls from a document, a page title or a model never reach a visitor', () => {
  let model: FakeModelServer;
  let t: TestApp;
  let bot: ReadyBot;
  let address = 0;

  beforeAll(async () => {
    model = await startFakeModel();
    t = await startChatApp({
      env: { LLM_BASE_URL: model.baseUrl, LLM_API_KEY: 'sk-local', LLM_MODEL: 'tiny-model' },
      chat: { llmTimeoutMs: 600, ratePerMinute: null },
      sourceReader: reader,
    });
    bot = await createReadyBot(t, { text: DOCUMENT });
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });

  const ask = (message: string, stream = false) =>
    t.app.inject({
      method: 'POST',
      url: API.chat,
      remoteAddress: `10.9.0.${++address}`,
      headers: stream ? { accept: `${CHAT_STREAM_TYPE}, application/json` } : {},
      payload: { botConfigId: bot.shareId, message, history: [] },
    });

  it('answers from the document with the built-in engine without them, in the reply and its sources', async () => {
    model.behave({ kind: 'fail', status: 503 });
    const res = await ask('What are your opening hours?');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().reply).toContain('sruoh gninepO');
    expect(res.json().reply).toContain('yadnoM');
    expect(res.body).not.toMatch(BIDI);
  });

  it('sends a model’s reply without them, streamed piece by piece and as JSON', async () => {
    const text = `Our ${RLO}sruoh${PDF} are \u2066Monday\u2069 to Friday\u200e.\n\n_Source: ${RLO}sruoh gninepO${PDF}_`;
    for (const stream of [true, false]) {
      model.behave({ kind: 'answer', text });
      const res = await ask('When are you open?', stream);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toContain('Monday to Friday');
      expect(res.body).not.toMatch(BIDI);
    }
  });

  it('shows a web page’s title without them, to the owner and in a visitor’s source line', async () => {
    await subscribe(t, { token: bot.ownerToken, uid: bot.ownerUid, email: '' }, 'basic');
    const added = await t.app.inject({
      method: 'POST',
      url: API.addBotSource,
      headers: bearer(bot.ownerToken),
      payload: { botId: bot.botId, url: PAGE.url },
    });
    expect(added.statusCode, added.body).toBe(200);
    const listed = await waitFor(
      async () => {
        const res = await t.app.inject({
          method: 'GET',
          url: `${API.botSources}?botId=${bot.botId}`,
          headers: bearer(bot.ownerToken),
        });
        return parseReply(botSourcesResponseSchema, res.json()).sources[0]!;
      },
      (source) => source.status === 'ready' || source.status === 'failed',
    );
    expect(listed).toMatchObject({ status: 'ready', title: 'sessalc yratiuqA' });

    model.behave({ kind: 'fail', status: 503 });
    const res = await ask('When are the aquatic therapy classes?');
    expect(res.json().reply).toContain('[sessalc yratiuqA](https://clinic.example/classes)');
    expect(res.body).not.toMatch(BIDI);
  });

  it('offers the suggested questions without them', async () => {
    const info = await t.app.inject({ method: 'GET', url: `${API.publicBotInfo}?shareId=${bot.shareId}` });
    const questions = await t.app.inject({
      method: 'POST',
      url: API.generateQuestions,
      payload: { botId: bot.shareId },
    });
    for (const res of [info, questions]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toMatch(BIDI);
    }
    expect(info.json().publicBotInfo.generatedQuestions.length).toBeGreaterThan(0);
  });
});
