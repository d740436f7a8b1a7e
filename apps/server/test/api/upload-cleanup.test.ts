import { existsSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { API } from '@vuxo/shared';
import { diskFileStore } from '../../src/adapters/files/file-store.js';
import { uploadCleanup } from '../../src/services/upload-cleanup.js';
import { signInOnEmulator } from '../support/emulator-users.js';
import { multipart } from '../support/multipart.js';
import { bearer, startTestApp, type TestApp } from '../support/test-app.js';
import { botConfig, uploadDocument } from '../support/wizard-flow.js';
import { makeImage } from '../fixtures/image-fixtures.js';

describe('uploads are kept 24 hours with their wizard session, then cleaned up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const uploadAvatar = async (sessionId: string, token?: string) => {
    const body = multipart(
      { sessionId },
      { field: 'image', name: 'a.png', type: 'image/png', bytes: await makeImage('png') },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: API.uploadImage,
      payload: body.payload,
      headers: { ...body.headers, ...(token ? bearer(token) : {}) },
    });
    return res.json().tempImagePath as string;
  };
  const file = (storedPath: string) => path.join(t.database.dataDir, 'uploads', storedPath);
  const age = (storedPath: string) => {
    const old = new Date(Date.now() - 3 * 24 * 3600 * 1000);
    utimesSync(file(storedPath), old, old);
  };

  it('removes an abandoned session and its uploads, and keeps what a bot uses', async () => {
    const { idToken } = await signInOnEmulator(t.emulatorHost, {
      name: 'Cleo',
      email: `cleo-${Date.now()}@example.com`,
    });
    const kept = await uploadDocument(t.app, { token: idToken });
    const keptImage = await uploadAvatar(kept.sessionId, idToken);
    const saved = await t.app.inject({
      method: 'POST',
      url: API.saveConfig,
      headers: bearer(idToken),
      payload: botConfig(kept, { tempImagePath: keptImage }),
    });
    expect(saved.statusCode).toBe(200);

    const abandoned = await uploadDocument(t.app);
    const abandonedImage = await uploadAvatar(abandoned.sessionId);
    const docs = await t.database.db.selectFrom('documents').select(['id', 'stored_path']).execute();
    const abandonedDoc = docs.find((d) => d.id === abandoned.filePath)!;
    const keptDoc = docs.find((d) => d.id === kept.filePath)!;

    const cleanup = uploadCleanup({ db: t.database.db, files: diskFileStore(t.database.dataDir) });
    expect(await cleanup.sweep()).toEqual({ sessions: 0, documents: 0, avatars: 0 });

    const later = new Date(Date.now() + 25 * 3600 * 1000);
    await t.database.db
      .updateTable('documents')
      .set({ created_at: new Date(Date.now() - 2 * 24 * 3600 * 1000).toISOString() })
      .execute();
    for (const p of [
      abandonedDoc.stored_path,
      keptDoc.stored_path,
      `avatars/${abandonedImage}.png`,
      `avatars/${keptImage}.png`,
    ])
      age(p);

    expect(await cleanup.sweep(later)).toEqual({ sessions: 1, documents: 1, avatars: 1 });
    expect(await cleanup.sweep(later)).toEqual({ sessions: 0, documents: 0, avatars: 0 });
    expect(existsSync(file(abandonedDoc.stored_path))).toBe(false);
    expect(existsSync(file(`avatars/${abandonedImage}.png`))).toBe(false);
    expect(existsSync(file(keptDoc.stored_path))).toBe(true);
    expect(existsSync(file(`avatars/${keptImage}.png`))).toBe(true);
    const left = await t.database.db.selectFrom('documents').select('id').execute();
    expect(left.map((d) => d.id)).toEqual([keptDoc.id]);
  });

  it('removes a scan kept for a background reading once it is a day old, and not before', async () => {
    const store = diskFileStore(t.database.dataDir);
    const fresh = await store.save('readings', 'fresh-scan.bin', new Uint8Array([1]));
    const stale = await store.save('readings', 'stale-scan.bin', new Uint8Array([2]));
    age(stale);
    await uploadCleanup({ db: t.database.db, files: store }).sweep();
    expect(existsSync(file(fresh))).toBe(true);
    expect(existsSync(file(stale))).toBe(false);
  });
});
