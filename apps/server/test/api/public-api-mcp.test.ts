import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  API_ERROR,
  MCP_TOOLS,
  PLANS,
  PUBLIC_API,
  PUBLIC_API_MSG,
  apiMessageResponseSchema,
  mcpKeyFactsUri,
  mcpSearchOutputSchema,
  publicApiErrorSchema,
} from '@vuxo/shared';
import { subscribe } from '@vuxo/testkit';
import { testDatabases } from '../support/databases.js';
import { createKey, keyUrl, sendMessage, setDailyCount } from '../support/public-api.js';
import { bearer, type TestApp } from '../support/test-app.js';
import { createReadyBot, startChatApp, type ReadyBot } from '../engine/answer/chat-fixtures.js';

const FRIDAY = 'What time do you open on Friday?';

/** The MCP server (decision 113), driven by the SDK's own client over Streamable HTTP on a listening server. */
describe.each(testDatabases())('public API MCP server ($name)', (database) => {
  let t: TestApp;
  let bot: ReadyBot;
  let key: string;
  let url: URL;
  const clients: Client[] = [];

  beforeAll(async () => {
    t = await startChatApp({ database });
    bot = await createReadyBot(t);
    await subscribe(t.database.db, bot.ownerUid, 'basic');
    key = (await createKey(t, { token: bot.ownerToken }, bot.botId, ['chat'])).key;
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    url = new URL(PUBLIC_API.mcp, address);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await t.close();
  });

  async function connect(withKey: string | null): Promise<Client> {
    const client = new Client({ name: 'vuxo-test', version: '1.0.0' });
    const headers: Record<string, string> = withKey ? bearer(withKey) : {};
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
    clients.push(client);
    return client;
  }
  /** The HTTP status a refused client was given. */
  const statusOf = (error: unknown) => (error instanceof StreamableHTTPError ? error.code : error);
  const textOf = (result: CallToolResult) => (result.content[0] as { text: string }).text;
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(url, {
      method: 'POST',
      headers: {
        ...bearer(key),
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
        ...headers,
      },
      body,
    });

  it('lists its tools and the key facts, and asks: the API’s answer with its sources, logged as api', async () => {
    const client = await connect(key);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([MCP_TOOLS.ask, MCP_TOOLS.searchDocuments]);
    expect(tools.find((tool) => tool.name === MCP_TOOLS.ask)!.inputSchema.required).toEqual(['question']);

    const result = (await client.callTool({
      name: MCP_TOOLS.ask,
      arguments: { question: FRIDAY },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const answer = apiMessageResponseSchema.parse(result.structuredContent);
    const api = apiMessageResponseSchema.parse(
      (await sendMessage(t, key, bot.botId, { message: FRIDAY })).json(),
    );
    expect(answer.reply).toContain('Friday');
    expect(answer).toMatchObject({ reply: api.reply, sources: api.sources });
    expect(answer.sources.length).toBeGreaterThan(0);
    expect(textOf(result)).toContain(answer.reply);
    expect(textOf(result)).toContain('Sources: Opening hours');

    const logged = await t.database.db
      .selectFrom('chat_messages')
      .select('source')
      .where('conversation_id', '=', answer.conversationId)
      .execute();
    expect(logged).toEqual([{ source: 'api' }]);

    // A follow-up in the same conversation.
    const next = (await client.callTool({
      name: MCP_TOOLS.ask,
      arguments: { question: 'and on Saturday?', conversationId: answer.conversationId },
    })) as CallToolResult;
    expect(apiMessageResponseSchema.parse(next.structuredContent)).toMatchObject({
      conversationId: answer.conversationId,
      reply: expect.stringContaining('Saturday'),
    });
  });

  it('searches the documents, reads the key facts, and words bad arguments as tool errors', async () => {
    const client = await connect(key);
    const search = (await client.callTool({
      name: MCP_TOOLS.searchDocuments,
      arguments: { query: 'opening hours on Friday', limit: 2 },
    })) as CallToolResult;
    const { passages } = mcpSearchOutputSchema.parse(search.structuredContent);
    expect(passages.length).toBeGreaterThan(0);
    expect(passages.length).toBeLessThanOrEqual(2);
    expect(passages[0]).toMatchObject({ heading: expect.stringContaining('Opening hours') });
    expect(passages[0]!.text).toContain('Friday from 7:00 AM to 5:00 PM');

    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual([mcpKeyFactsUri(bot.botId)]);
    const read = await client.readResource({ uri: mcpKeyFactsUri(bot.botId) });
    const facts = JSON.parse((read.contents[0] as { text: string }).text) as { phones: { number: string }[] };
    expect(facts.phones.map((p) => p.number)).toContain('(416) 555-0142');

    const empty = (await client.callTool({
      name: MCP_TOOLS.ask,
      arguments: { question: ' ' },
    })) as CallToolResult;
    expect(empty.isError).toBe(true);
    const unknown = (await client.callTool({ name: 'delete_everything', arguments: {} })) as CallToolResult;
    expect(unknown.isError).toBe(true);
  });

  it('refuses no key (401), a key without the chat scope (403), and a key revoked a moment ago (401)', async () => {
    expect(statusOf(await connect(null).catch((e: unknown) => e))).toBe(401);
    const readOnly = await createKey(t, { token: bot.ownerToken }, bot.botId, ['read:conversations']);
    expect(statusOf(await connect(readOnly.key).catch((e: unknown) => e))).toBe(403);
    const refused = await fetch(url, { method: 'POST', headers: bearer(readOnly.key) });
    expect(publicApiErrorSchema.parse(await refused.json()).error.code).toBe(API_ERROR.insufficientScope);

    const soon = await createKey(t, { token: bot.ownerToken }, bot.botId, ['chat'], 'Assistant');
    const client = await connect(soon.key);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: keyUrl(bot.botId, soon.id),
      headers: bearer(bot.ownerToken),
    });
    expect(revoked.statusCode).toBe(204);
    expect(statusOf(await client.listTools().catch((e: unknown) => e))).toBe(401);
  });

  it('holds ask to the key’s messages a day, and answers bad JSON-RPC, GET and DELETE with a 4xx', async () => {
    const limited = await createKey(t, { token: bot.ownerToken }, bot.botId, ['chat'], 'Limited');
    const perDay = PLANS.basic.api.messagesPerDay;
    await setDailyCount(t, bot.botId, `k:${limited.id}`, perDay);
    const client = await connect(limited.key);
    const result = (await client.callTool({
      name: MCP_TOOLS.ask,
      arguments: { question: FRIDAY },
    })) as CallToolResult;
    expect(result).toMatchObject({ isError: true });
    expect(textOf(result)).toBe(PUBLIC_API_MSG.perDay(perDay));

    const answers = [
      await post('{"jsonrpc":'),
      await post('{"jsonrpc":"2.0","method":42}'),
      await post('[]'),
      await post('{"jsonrpc":"2.0","id":1,"method":"tools/list"}', { accept: 'application/json' }),
      await post('{}', { 'content-type': 'text/plain' }),
      await fetch(url, { method: 'GET', headers: { ...bearer(key), accept: 'text/event-stream' } }),
      await fetch(url, { method: 'DELETE', headers: bearer(key) }),
    ];
    expect(answers.map((res) => res.status)).toEqual([400, 400, 400, 406, 415, 405, 405]);
    for (const res of answers) expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answers[5]!.headers.get('allow')).toBe('POST');
  });
});
