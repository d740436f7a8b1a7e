import { existsSync } from 'node:fs';
import path from 'node:path';
import { API, BOT_ADMIN_MSG, DASHBOARD_MSG, ERROR_CODES, PLANS } from '@vuxo/shared';
import { testDatabases } from '../support/databases.js';
import {
  botRow,
  createBot,
  deleteBot,
  listBots,
  planLimits,
  signIn,
  subscribe,
  updateDomains,
  updateSettings,
  updateTheme,
  type Owner,
} from '../support/dashboard-owners.js';
import { bearer, startTestApp, type TestApp } from '../support/test-app.js';
import { BOT_STATUS } from '@vuxo/testkit';

describe.each(testDatabases())(
  'the dashboard API keeps every owner to their own bots ($name)',
  (database) => {
    let t: TestApp;
    let alice: Owner;
    let bob: Owner;
    let aliceBot: string;

    beforeAll(async () => {
      t = await startTestApp({ database });
      alice = await signIn(t, 'Alice', database.name);
      bob = await signIn(t, 'Bob', database.name);
      aliceBot = await createBot(t, alice, 'Alice Helper', { avatar: true });
    });
    afterAll(() => t.close());

    it('lists the caller’s own bots only, with the specified fields', async () => {
      const bots = await listBots(t, alice);
      const row = await botRow(t, aliceBot);
      expect(bots).toEqual([
        {
          botId: aliceBot,
          botName: 'Alice Helper',
          botImageUrl: `/api/bot-avatar/${aliceBot}?v=${row.image_path}`,
          status: BOT_STATUS.ready,
          createdAt: row.created_at,
          shareId: row.share_id,
          themeId: 'default',
          paused: false,
          statusReason: null,
          contactEmail: alice.email,
          contactChoice: 'sign-in',
          welcomeMessage: row.welcome_message,
          chatbotTone: row.tone,
          creativityLevel: row.creativity,
          last7Days: { conversations: 0, messages: 0, answered: 0 },
          newRequests: 0,
        },
      ]);
      expect(await listBots(t, bob)).toEqual([]);
    });

    it('gives another user’s bot and an unknown id the same 404, and changes nothing', async () => {
      await subscribe(t, bob);
      const before = await botRow(t, aliceBot);

      const foreign = await deleteBot(t, bob, { botId: aliceBot });
      const unknown = await deleteBot(t, bob, { botId: 'bot_doesnotexist00000000' });
      expect(foreign.statusCode).toBe(404);
      expect(unknown.statusCode).toBe(404);
      expect(foreign.json()).toEqual(unknown.json());
      expect(foreign.json()).toEqual({ error: BOT_ADMIN_MSG.botNotFound, code: ERROR_CODES.botNotFound });

      const domains = await updateDomains(t, bob, { botId: aliceBot, allowedDomains: ['evil.example'] });
      expect(domains.statusCode).toBe(404);
      expect(domains.json()).toEqual(unknown.json());
      const theme = await updateTheme(t, bob, { botId: aliceBot, themeId: 'healthcare' });
      expect(theme.statusCode).toBe(404);
      expect(theme.json()).toEqual(unknown.json());
      const settings = await updateSettings(t, bob, { botId: aliceBot, contactEmail: 'bob@evil.example' });
      expect(settings.statusCode).toBe(404);
      expect(settings.json()).toEqual(unknown.json());
      const unknownSettings = await updateSettings(t, bob, {
        botId: 'bot_doesnotexist00000000',
        contactEmail: 'bob@evil.example',
      });
      expect(unknownSettings.statusCode).toBe(404);
      expect(unknownSettings.json()).toEqual(unknown.json());
      const read = await t.app.inject({
        method: 'GET',
        url: `${API.botDomains}?botId=${aliceBot}`,
        headers: bearer(bob.token),
      });
      expect(read.statusCode).toBe(404);

      expect(await botRow(t, aliceBot)).toEqual(before);
      expect(await listBots(t, alice)).toHaveLength(1);
    });

    it('treats another signed-in user chatting with the bot as a visitor, never as its owner', async () => {
      const chat = (token: string) =>
        t.app.inject({
          method: 'POST',
          url: API.chat,
          headers: bearer(token),
          payload: { botConfigId: aliceBot, message: 'What does a standard consultation cost?' },
        });
      const asBob = await chat(bob.token);
      expect(asBob.statusCode).toBe(200);
      const bobBody = asBob.json() as { messagesLeft?: number; sources?: { text?: string }[] };
      // The owner console's privileges (no daily limit, the passages themselves) stay with the owner.
      expect(bobBody.messagesLeft).toEqual(expect.any(Number));
      expect((bobBody.sources ?? []).every((source) => source.text === undefined)).toBe(true);

      const asAlice = (await chat(alice.token)).json() as {
        messagesLeft?: number;
        sources?: { text?: string }[];
      };
      expect(asAlice.messagesLeft).toBeUndefined();
      expect(asAlice.sources?.some((source) => typeof source.text === 'string')).toBe(true);
    });

    it('refuses deletion on the Free Trial on the server too, and changes nothing (decision 101)', async () => {
      const carol = await signIn(t, 'Carol', database.name);
      const carolBot = await createBot(t, carol, 'Carol Helper');
      expect((await planLimits(t, carol)).planName).toBe('Free Trial');
      const before = await botRow(t, carolBot);
      const res = await deleteBot(t, carol, { botId: carolBot });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: BOT_ADMIN_MSG.deleteNeedsPaidPlan,
        code: ERROR_CODES.paidPlanRequired,
      });
      expect(BOT_ADMIN_MSG.deleteNeedsPaidPlan).toBe(DASHBOARD_MSG.upgradeText);
      expect(await botRow(t, carolBot)).toEqual(before);
      expect(await listBots(t, carol)).toHaveLength(1);
      expect((await planLimits(t, carol)).limits.currentBots).toBe(1);
    });

    it('on a paid plan deletes the bot: gone from the list, files removed, count decremented', async () => {
      const paidUntil = await subscribe(t, alice);
      const second = await createBot(t, alice, 'Second Helper');
      const listed = await listBots(t, alice);
      expect(listed.map((b) => b.botId)).toEqual([second, aliceBot]);
      expect(await planLimits(t, alice)).toEqual({
        planName: 'Basic',
        activeUntil: paidUntil,
        limits: { currentBots: 2, maxBots: 3, documentMaxBytes: PLANS.basic.documentMaxBytes },
      });

      const before = await botRow(t, aliceBot);
      const document = await t.database.db
        .selectFrom('documents')
        .selectAll()
        .where('id', '=', before.document_id!)
        .executeTakeFirstOrThrow();
      const uploads = path.join(t.database.dataDir, 'uploads');
      const avatarFile = path.join(uploads, 'avatars', `${before.image_path}.png`);
      const documentFile = path.join(uploads, document.stored_path);
      expect(existsSync(avatarFile)).toBe(true);
      expect(existsSync(documentFile)).toBe(true);

      const res = await deleteBot(t, alice, { botId: aliceBot });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });

      expect((await listBots(t, alice)).map((b) => b.botId)).toEqual([second]);
      expect((await planLimits(t, alice)).limits.currentBots).toBe(1);
      const after = await botRow(t, aliceBot);
      expect(after).toMatchObject({
        status: 'deleted',
        image_path: null,
        document_id: null,
      });
      expect(after.deleted_at).not.toBeNull();
      const index = await t.database.db
        .selectFrom('bot_indexes')
        .select('bot_id')
        .where('bot_id', '=', aliceBot)
        .executeTakeFirst();
      expect(index).toBeUndefined();
      expect(existsSync(avatarFile)).toBe(false);
      expect(existsSync(documentFile)).toBe(false);
      const documents = await t.database.db
        .selectFrom('documents')
        .select('id')
        .where('id', '=', document.id)
        .execute();
      expect(documents).toEqual([]);

      // Its public avatar stops answering, and a second delete finds nothing.
      const avatar = await t.app.inject({ method: 'GET', url: `/api/bot-avatar/${aliceBot}` });
      expect(avatar.statusCode).toBe(404);
      expect((await deleteBot(t, alice, { botId: aliceBot })).statusCode).toBe(404);
      const settings = await updateSettings(t, alice, { botId: aliceBot, contactEmail: 'late@example.com' });
      expect(settings.statusCode).toBe(404);
      expect(settings.json()).toEqual({ error: BOT_ADMIN_MSG.botNotFound, code: ERROR_CODES.botNotFound });
      expect((await botRow(t, aliceBot)).contact_email).toBeNull();
      // The other bot is untouched.
      expect((await botRow(t, second)).status).toBe(BOT_STATUS.ready);
    });
  },
);
