import { randomBytes } from 'node:crypto';
import { API, PLANS, WIZARD_MSG } from '@vuxo/shared';
import { makeDocx, paragraph } from '../fixtures/docx-fixtures.js';
import { signIn, subscribe, planLimits, type Owner } from '../support/dashboard-owners.js';
import { testDatabases } from '../support/databases.js';
import { multipart, newSessionId } from '../support/multipart.js';
import { bearer, startTestApp, type TestApp } from '../support/test-app.js';

const MB = 1024 * 1024;
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A Word document of about `megabytes` MB: one paragraph of text and a photo-sized image part. */
const wordDocument = (megabytes: number) =>
  makeDocx(paragraph('Our shop opens at nine.'), { 'word/media/image1.jpeg': randomBytes(megabytes * MB) });

describe.each(testDatabases())('document size by plan ($name)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ database, env: {} });
  });
  afterAll(() => t.close());

  const upload = (bytes: Uint8Array, owner: Owner | null) => {
    const body = multipart(
      { sessionId: newSessionId() },
      { field: 'file', name: 'handbook.docx', type: DOCX, bytes },
    );
    return t.app.inject({
      method: 'POST',
      url: API.extract,
      payload: body.payload,
      headers: { ...body.headers, ...(owner ? bearer(owner.token) : {}) },
    });
  };

  it('holds visitors and the Free Trial to 5MB, Basic to 10MB and Pro to 100MB, as the plan cards say', async () => {
    const six = wordDocument(6);
    const eleven = wordDocument(11);

    const anonymous = await upload(six, null);
    expect(anonymous.statusCode).toBe(413);
    expect(anonymous.json().error).toBe(WIZARD_MSG.documentTooLarge);

    const trial = await signIn(t, 'Tina', database.name);
    expect((await planLimits(t, trial)).limits.documentMaxBytes).toBe(5 * MB);
    expect((await upload(six, trial)).json().error).toBe('File size exceeds 5MB limit');

    const basic = await signIn(t, 'Bruno', database.name);
    await subscribe(t, basic, 'basic');
    expect((await planLimits(t, basic)).limits.documentMaxBytes).toBe(PLANS.basic.documentMaxBytes);
    const read = await upload(six, basic);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().text).toContain('Our shop opens at nine.');
    const tooBig = await upload(eleven, basic);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toBe('File size exceeds 10MB limit');

    const pro = await signIn(t, 'Priya', database.name);
    await subscribe(t, pro, 'pro');
    expect((await planLimits(t, pro)).limits.documentMaxBytes).toBe(100 * MB);
    expect((await upload(eleven, pro)).statusCode).toBe(200);
  });
});
