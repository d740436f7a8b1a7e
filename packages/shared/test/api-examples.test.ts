import { describe, expect, it } from 'vitest';
import { API_KEY_ENV, BOT_ID_PLACEHOLDER, apiExamples } from '../src/api-examples.js';

/** The reference page's examples (decision 114): people paste them into a shell. */
describe('the API examples', () => {
  it('fill in a bot id as the server makes them, and the key only by its variable', () => {
    const { chat } = apiExamples('https://vuxo.example', 'bot_Ab-1');
    expect(chat.curl).toContain("'https://vuxo.example/api/v1/bots/bot_Ab-1/messages'");
    expect(chat.curl).toContain(`$${API_KEY_ENV}`);
  });

  it('leave out any other bot id, which a link could use to put a command in the curl text', () => {
    for (const botId of ["x'; rm -rf ~; '", 'a b', '$(id)', 'x'.repeat(65), '', null]) {
      const examples = apiExamples('https://vuxo.example', botId);
      for (const source of [examples.chat.curl, examples.stream.curl, examples.chat.Python])
        expect(source).toContain(`/api/v1/bots/${BOT_ID_PLACEHOLDER}/messages`);
    }
  });
});
