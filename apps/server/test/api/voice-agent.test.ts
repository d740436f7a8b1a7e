import { API, SINGLE_LINE_MSG, VOICE_AGENT_LIMITS, VOICE_AGENT_MSG, adminListPath } from '@vuxo/shared';
import { testDatabases } from '../support/databases.js';
import { signInOnEmulator } from '../support/emulator-users.js';
import { signIn } from '../support/dashboard-owners.js';
import { bearer, startTestApp, type TestApp } from '../support/test-app.js';

const REQUEST = {
  name: '  Pat Plumber ',
  plan: 'pro',
  websiteUrl: 'https://plumbing.example.com',
  documents: ['Price list (bot_1)'],
  chatbotType: 'phone',
  phoneNumber: 'local',
  voice: 'warm',
};

describe.each(testDatabases())('phone agent requests ($name)', (database) => {
  let t: TestApp;
  const staffEmail = `staff-voice-${database.name}-${Date.now()}@example.com`;
  beforeAll(async () => {
    t = await startTestApp({ database, env: { ADMIN_EMAILS: staffEmail } });
  });
  afterAll(() => t.close());

  const send = (token: string | null, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: API.voiceAgentRequests,
      payload: payload as object,
      headers: token ? bearer(token) : {},
    });
  const stored = () => t.database.db.selectFrom('voice_agent_requests').selectAll().execute();

  it('stores a signed-in owner’s choices with their email, and staff see the request', async () => {
    const owner = await signIn(t, 'Pat', database.name);
    const res = await send(owner.token, REQUEST);
    expect(res.statusCode, res.body).toBe(200);
    const { requestId } = res.json() as { requestId: string };
    const row = (await stored()).find((r) => r.id === requestId)!;
    expect(row.user_id).toBe(owner.uid);
    expect(JSON.parse(row.data)).toEqual({ ...REQUEST, name: 'Pat Plumber', email: owner.email });

    const staff = await signInOnEmulator(t.emulatorHost, { name: 'Stacy', email: staffEmail });
    const listed = await t.app.inject({
      method: 'GET',
      url: `${adminListPath('requests')}?q=plumbing`,
      headers: bearer(staff.idToken),
    });
    expect(listed.json()).toMatchObject({ total: 1, items: [{ id: requestId, userEmail: owner.email }] });
  });

  it('a text bot keeps no phone number or voice; a website is optional', async () => {
    const owner = await signIn(t, 'Tex', database.name);
    const res = await send(owner.token, { ...REQUEST, chatbotType: 'text', websiteUrl: '' });
    expect(res.statusCode).toBe(200);
    const row = (await stored()).find((r) => r.id === res.json().requestId)!;
    expect(JSON.parse(row.data)).toMatchObject({
      chatbotType: 'text',
      phoneNumber: null,
      voice: null,
      websiteUrl: '',
    });
  });

  it('refuses a signed-out caller and each bad choice with its message, storing nothing', async () => {
    const before = (await stored()).length;
    expect((await send(null, REQUEST)).statusCode).toBe(401);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: ' ' }, VOICE_AGENT_MSG.nameRequired],
      [{ name: 'Pat\r\nBcc: all@example.com' }, SINGLE_LINE_MSG],
      [{ documents: ['Price list\nBcc: all@example.com'] }, SINGLE_LINE_MSG],
      [{ plan: 'basic' }, VOICE_AGENT_MSG.planRequired],
      [{ websiteUrl: 'javascript:alert(1)' }, VOICE_AGENT_MSG.websiteInvalid],
      [{ websiteUrl: 'not a site' }, VOICE_AGENT_MSG.websiteInvalid],
      [{ phoneNumber: null }, VOICE_AGENT_MSG.phoneNumberRequired],
      [{ voice: null }, VOICE_AGENT_MSG.voiceRequired],
      [
        { documents: Array.from({ length: VOICE_AGENT_LIMITS.documentsMax + 1 }, (_, i) => `doc ${i}`) },
        VOICE_AGENT_MSG.tooManyDocuments,
      ],
    ];
    for (const [change, message] of cases) {
      // One owner per case: refused attempts count towards the per-owner limit too.
      const owner = await signIn(t, 'Bad', database.name);
      const res = await send(owner.token, { ...REQUEST, ...change });
      expect(res.statusCode, JSON.stringify(change).slice(0, 80)).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect((await stored()).length).toBe(before);
  });

  it('limits how often one owner sends', async () => {
    const owner = await signIn(t, 'Rapid', database.name);
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await send(owner.token, REQUEST)).statusCode);
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes.slice(5)).toEqual([429, 429]);
  });
});
