import { API, CONTACT_FORM_MAX, CONTACT_FORM_MSG, SINGLE_LINE_MSG } from '@vuxo/shared';
import { testDatabases } from '../support/databases.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const MESSAGE = {
  name: '  Ada Lovelace ',
  email: ' ada@example.com ',
  company: 'Analytical Engines',
  subject: 'Partner application',
  message: 'We would like to offer your chatbots to our clients.',
};

describe.each(testDatabases())('the contact form ($name)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ database, env: {} });
  });
  afterAll(() => t.close());

  const send = (payload: unknown, address = '203.0.113.7') =>
    t.app.inject({
      method: 'POST',
      url: API.contactMessages,
      payload: payload as object,
      remoteAddress: address,
    });
  const stored = () =>
    t.database.db.selectFrom('contact_messages').selectAll().orderBy('created_at').execute();

  it('stores a message, trimmed, with the company and subject when given', async () => {
    const res = await send(MESSAGE, '203.0.113.1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const { company: _company, subject: _subject, ...plain } = MESSAGE;
    expect((await send(plain, '203.0.113.1')).statusCode).toBe(200);
    expect(await stored()).toMatchObject([
      {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        company: 'Analytical Engines',
        subject: 'Partner application',
        message: MESSAGE.message,
      },
      { name: 'Ada Lovelace', company: '', subject: null },
    ]);
  });

  it('refuses each bad field with its own message, and stores nothing', async () => {
    const before = (await stored()).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...MESSAGE, name: '  ' }, CONTACT_FORM_MSG.nameRequired],
      [{ ...MESSAGE, name: 'x'.repeat(CONTACT_FORM_MAX.name + 1) }, CONTACT_FORM_MSG.nameTooLong],
      [{ ...MESSAGE, email: '' }, CONTACT_FORM_MSG.emailRequired],
      [{ ...MESSAGE, email: 'ada at example' }, CONTACT_FORM_MSG.emailInvalid],
      [{ ...MESSAGE, email: '"Vuxo" <attacker@evil.example>' }, CONTACT_FORM_MSG.emailInvalid],
      [{ ...MESSAGE, email: 'ada@example.com,postmaster' }, CONTACT_FORM_MSG.emailInvalid],
      [{ ...MESSAGE, email: '<svg/onload=alert(1)>.x@example.com' }, CONTACT_FORM_MSG.emailInvalid],
      [{ ...MESSAGE, company: 'x'.repeat(CONTACT_FORM_MAX.company + 1) }, CONTACT_FORM_MSG.companyTooLong],
      [{ ...MESSAGE, subject: 'x'.repeat(CONTACT_FORM_MAX.subject + 1) }, CONTACT_FORM_MSG.subjectTooLong],
      [{ ...MESSAGE, message: '\n' }, CONTACT_FORM_MSG.messageRequired],
      [{ ...MESSAGE, name: 'Ada\r\nBcc: all@example.com' }, SINGLE_LINE_MSG],
      [{ ...MESSAGE, company: 'Engines\nLtd' }, SINGLE_LINE_MSG],
      [{ ...MESSAGE, subject: 'Hello\u2028Bcc: all@example.com' }, SINGLE_LINE_MSG],
      [{ ...MESSAGE, message: 'x'.repeat(CONTACT_FORM_MAX.message + 1) }, CONTACT_FORM_MSG.messageTooLong],
    ];
    for (const [i, [payload, error]] of cases.entries()) {
      const res = await send(payload, `198.51.100.${i + 1}`);
      expect(res.statusCode, error).toBe(400);
      expect(res.json()).toEqual({ error });
    }
    expect((await send({ name: 'Ada' }, '198.51.100.99')).statusCode).toBe(400);
    expect((await send({ ...MESSAGE, message: 'x'.repeat(70_000) }, '198.51.100.98')).statusCode).toBe(413);
    expect(await stored()).toHaveLength(before);
  });

  it('takes five messages from one address in ten minutes, then refuses with 429', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await send(MESSAGE, '192.0.2.50')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await send(MESSAGE, '192.0.2.51')).statusCode).toBe(200);
  });
});
