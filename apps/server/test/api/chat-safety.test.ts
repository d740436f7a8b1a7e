import { API } from '@vuxo/shared';
import { bearer, type TestApp } from '../support/test-app.js';
import { createReadyBot, startChatApp, type ReadyBot } from '../engine/answer/chat-fixtures.js';

/** A document written to attack the widget: every kind of markup a reply could carry into the page. */
const HOSTILE_DOCUMENT = `# Discounts <img src=x onerror="alert('heading')">

Our discount code is SAVE10. <script>alert('discount')</script> Ask about the discount at the desk.
The discount page is [here](javascript:alert('link')) and the <a href="javascript:alert(1)">discount form</a>.
<iframe src="https://evil.example"></iframe> The discount never stacks with other offers.
![discount banner](https://tracker.example/pixel.png) <svg onload=alert(1)>

# Parking

Parking is free for customers <b onmouseover=alert(1)>after 6pm</b>. Click [parking map](JaVaScRiPt:alert(2)) for details.
`;

/** What a markdown renderer could turn into live markup or a script link. */
function expectNoLiveMarkup(text: string) {
  expect(text).not.toMatch(/<\s*[a-z!/]/i);
  expect(text.toLowerCase()).not.toContain('javascript:');
  expect(text).not.toMatch(/!\[[^\]]*\]\(/);
  expect(text).not.toMatch(/\]\(\s*(?!https?:|mailto:)[a-z]+:/i);
}

describe('replies never carry live markup from a document, a bot name or a welcome message', () => {
  let t: TestApp;
  let bot: ReadyBot;
  beforeAll(async () => {
    t = await startChatApp();
    bot = await createReadyBot(t, { text: HOSTILE_DOCUMENT, overrides: { botName: 'Safe Bot' } });
    // The wizard refuses such a name and welcome; a row written another way must still be harmless.
    await t.database.db
      .updateTable('bots')
      .set({
        name: '<img src=x onerror=alert(1)>Evil',
        welcome_message: 'Welcome! <script>alert(1)</script> [start](javascript:alert(1))',
      })
      .where('id', '=', bot.botId)
      .execute();
  });
  afterAll(() => t.close());

  const ask = async (message: string, owner = false) => {
    const res = await t.app.inject({
      method: 'POST',
      url: API.chat,
      remoteAddress: '10.9.9.9',
      headers: owner ? bearer(bot.ownerToken) : {},
      payload: { botConfigId: bot.botId, message },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { reply: string };
  };

  it.each([
    'What is the discount code?',
    'Is there a discount page?',
    'Does the discount stack?',
    'Is parking free?',
    'Where is the parking map?',
    'hello',
    'who are you?',
    'What is your refund policy?',
    '<script>alert(1)</script>',
  ])('%j', async (message) => {
    const { reply } = await ask(message, true);
    expectNoLiveMarkup(reply);
  });

  it('still answers from the document, with the markup escaped', async () => {
    const { reply } = await ask('What is the discount code?', true);
    expect(reply).toContain('SAVE10');
    expect(reply).toContain('&lt;script>');
    const parking = await ask('Is parking free?', true);
    expect(parking.reply).toContain('Parking is free for customers');
  });

  it('escapes the welcome message in the public bot info', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API.publicBotInfo}?shareId=${bot.shareId}` });
    const info = res.json().publicBotInfo as { welcomeMessage: string; botName: string };
    expectNoLiveMarkup(info.welcomeMessage);
    expect(info.welcomeMessage).toBe('Welcome! &lt;script>alert(1)&lt;/script> start');
  });
});
