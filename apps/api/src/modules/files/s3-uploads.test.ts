import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { adminSession, createTestApp, registerAndLogin, type TestApp } from '../../test/harness';
import { jpegWithGps, multipart, pngBytes } from '../../test/images';
import { startTestS3, type TestS3 } from '../../test/s3';

/**
 * The app configured with STORAGE=s3 against a real S3 protocol server (s3rver): uploads land in the
 * bucket, public photos come back through the API, ID cards never do, and deletions reach the bucket.
 */
let s3: TestS3;
let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
let client: S3Client;
beforeAll(async () => {
  s3 = await startTestS3();
  t = await createTestApp({ env: s3.env });
  admin = await adminSession(t.app);
  client = new S3Client({
    endpoint: s3.endpoint,
    region: 'auto',
    forcePathStyle: true,
    credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID!, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY! },
  });
});
afterAll(async () => {
  client?.destroy();
  await t?.close();
  await s3?.cleanup();
});

const objectBytes = async (key: string) =>
  Buffer.from(await (await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }))).Body!.transformToByteArray());

/** A professional who completed its profile: photo and both sides of the ID card; its new objects in the bucket. */
async function professionalWithDocuments() {
  const before = { public: await s3.list('public'), private: await s3.list('private') };
  const p = await registerAndLogin(t.app, 'profissional');
  const form = multipart({ id: String(p.id), telefone: '+351916000333', consentimento: 'true', 'especialidades[]': ['falta-energia'] }, [
    { field: 'fotoPerfil', filename: 'eu.jpg', type: 'image/jpeg', data: await jpegWithGps() },
    { field: 'ccFrente', filename: 'frente.jpg', type: 'image/jpeg', data: await jpegWithGps(1200, 800) },
    { field: 'ccVerso', filename: 'verso.png', type: 'image/png', data: await pngBytes() },
  ]);
  const res = await t.app.inject({ method: 'PUT', url: '/api/profissional/complete-profile', headers: { ...p.auth, ...form.headers }, payload: form.payload });
  expect(res.statusCode, res.body).toBe(200);
  const fotoUrl = res.json().fotoUrl as string;
  const photo = (await s3.list('public')).filter((k) => !before.public.includes(k));
  const documents = (await s3.list('private')).filter((k) => !before.private.includes(k));
  return { ...p, fotoUrl, photo, documents };
}

const deleteAccount = (p: { auth: Record<string, string> }) =>
  t.app.inject({ method: 'DELETE', url: '/api/profissional/delete-account', headers: p.auth, payload: { senha: 'Segura#123' } });

describe('uploads in an S3 bucket', () => {
  it('serves the profile photo from the bucket through /api/files; the ID cards stay private until the decision', async () => {
    const p = await professionalWithDocuments();
    expect(p.photo).toHaveLength(1);
    expect(p.fotoUrl).toBe(`/api/files/${p.photo[0]}`);
    expect(p.documents).toHaveLength(2);
    // Nothing went to the local disk.
    expect(existsSync(join(t.dataDir, 'uploads'))).toBe(false);

    const img = await t.app.inject({ method: 'GET', url: p.fotoUrl });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect(img.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(img.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    expect(Buffer.compare(img.rawPayload, await objectBytes(`public/${p.photo[0]}`))).toBe(0);

    // The ID cards have no public address, whatever the key.
    for (const key of p.documents) {
      const res = await t.app.inject({ method: 'GET', url: `/api/files/${key}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toEqual(expect.any(String));
    }
    // The admin route reads them from the bucket.
    const front = await t.app.inject({ method: 'GET', url: `/api/admin/profissionais/${p.id}/documentos/frente`, headers: admin.auth });
    expect(front.statusCode).toBe(200);
    expect(front.headers['content-type']).toBe('image/webp');
    expect(p.documents.map((k) => `private/${k}`)).toContain(await findObjectWithBytes(front.rawPayload, p.documents));

    const verified = await t.app.inject({
      method: 'POST',
      url: `/api/admin/profissionais/${p.id}/verificacao`,
      headers: admin.auth,
      payload: { decisao: 'VERIFICADO' },
    });
    expect(verified.json()).toMatchObject({ verificacao: 'VERIFICADO' });
    const left = await s3.list('private');
    for (const key of p.documents) expect(left).not.toContain(key);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/profissionais/${p.id}/documentos/frente`, headers: admin.auth })).statusCode).toBe(404);

    // The photo stays while the account does, and goes with it.
    expect(await s3.list('public')).toContain(p.photo[0]);
    expect((await deleteAccount(p)).statusCode).toBe(200);
    expect(await s3.list('public')).not.toContain(p.photo[0]);
    expect((await t.app.inject({ method: 'GET', url: p.fotoUrl })).statusCode).toBe(404);
  });

  it('a refusal deletes the ID cards from the bucket too', async () => {
    const p = await professionalWithDocuments();
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/profissionais/${p.id}/verificacao`,
      headers: admin.auth,
      payload: { decisao: 'RECUSADO' },
    });
    expect(refused.json()).toMatchObject({ verificacao: 'RECUSADO' });
    const left = await s3.list('private');
    for (const key of p.documents) expect(left).not.toContain(key);
    expect(await s3.list('public')).toContain(p.photo[0]);
  });

  it('deleting an account before any decision removes its photo and ID cards from the bucket', async () => {
    const p = await professionalWithDocuments();
    expect((await deleteAccount(p)).statusCode).toBe(200);
    expect(await s3.list('public')).not.toContain(p.photo[0]);
    const left = await s3.list('private');
    for (const key of p.documents) expect(left).not.toContain(key);
  });
});

/** The bucket object (of `keys`, in private/) holding exactly these bytes. */
async function findObjectWithBytes(data: Buffer, keys: string[]) {
  for (const key of keys) if (Buffer.compare(await objectBytes(`private/${key}`), data) === 0) return `private/${key}`;
  return undefined;
}
