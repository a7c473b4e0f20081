import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import exifr from 'exifr';
import {
  CLIENT_HEADER,
  CONTENT_MESSAGES,
  PHOTO_MESSAGES,
  TRANSIT_PHOTO_MAX_BYTES,
  TRANSIT_PHOTO_MAX_INPUT_PIXELS,
  TRANSIT_PHOTOS_MAX_COUNT,
  TRANSIT_THUMBNAIL_PIXELS,
  type LockerFile,
  type TransitData,
  type TransitHistory,
  type TransitPhoto,
} from '@sealplan/contracts';
import type { TestApp } from '../../testing/test-app';
import { createUserWithToken, type TestUser } from '../../testing/factories';
import { call } from '../projects/testing/project-fixtures';
import {
  A60_CABLE_FIELDS,
  postOk,
  setUpProject,
  type ProjectSetup,
} from '../transits/testing/transit-fixtures';

let setup: ProjectSetup;
let t: TestApp;
let user: TestUser;
let other: TestUser;
let transit: TransitData;

/** Where the test photo says it was taken (Stockholm). */
const GPS = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '59/1 20/1 0/1',
  GPSLongitudeRef: 'E',
  GPSLongitude: '18/1 4/1 0/1',
};

/** A JPEG as a phone writes it: larger than the stored size, with its camera and GPS position in EXIF. */
const phonePhoto = () =>
  sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#3a6ea5' } })
    .jpeg({ quality: 70 })
    .withExif({ IFD0: { Make: 'SiteCam', Model: 'S1' }, IFD3: GPS })
    .toBuffer();

beforeAll(async () => {
  setup = await setUpProject('Photo tests');
  ({ t, user } = setup);
  other = await createUserWithToken(t.deps.db.db);
  transit = await postOk<TransitData>(setup, '/api/project/savePenetratingItemsAndTransit', {
    transit: {
      projectId: setup.project.id,
      name: 'Photographed',
      shape: 'ROUND',
      diameterMm: 250,
      ...A60_CABLE_FIELDS,
    },
    penetratingItems: [{ itemTypeId: 'CABLE', quantity: 2, outerDiameterMm: 20 }],
  });
});
afterAll(async () => t.close());

/** A multipart body: the fields first (the server reads them before the file), then one file part. */
function multipart(fields: Record<string, string>, file: { name: string; type: string; data: Buffer }) {
  const boundary = `----sealplan${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(
  data: Buffer,
  {
    who = user,
    type = 'image/jpeg',
    name = 'bulkhead.jpg',
    transitId = transit.transit.id,
    keepGps = false,
  } = {},
) {
  const body = multipart({ transitId, ...(keepGps ? { keepGps: 'true' } : {}) }, { name, type, data });
  return t.app.inject({
    method: 'POST',
    url: '/api/locker/upload',
    headers: { [CLIENT_HEADER]: 'test', 'content-type': body.contentType, ...who.headers },
    payload: body.payload,
  });
}

const get = (url: string, who: TestUser = user) =>
  t.app.inject({ method: 'GET', url, headers: { [CLIENT_HEADER]: 'test', ...who.headers } });

describe('photos of a transit', () => {
  it('stores a photo resized, without its GPS position, with a thumbnail, and records it in the history', async () => {
    const original = await phonePhoto();
    expect(await exifr.gps(original)).toMatchObject({ latitude: expect.closeTo(59.33, 2) });
    const res = await upload(original);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().data as LockerFile;
    const stored = await get(saved.url);
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(stored.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([2048, 1365]);
    // Read back with an EXIF reader: no position, no camera, no EXIF block at all.
    expect(await exifr.gps(stored.rawPayload)).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    const list = await call<TransitPhoto[]>(
      t.app,
      '/api/photos/list',
      { transitId: transit.transit.id },
      user.headers,
    );
    const photo = list.body.data.find((p) => p.id === saved.id)!;
    expect(photo).toMatchObject({ fileName: 'bulkhead.jpg', width: 2048, height: 1365, keptGps: false });
    const thumb = await get(photo.thumbnailUrl!);
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(thumbMeta.width!, thumbMeta.height!)).toBe(TRANSIT_THUMBNAIL_PIXELS);
    const history = await call<TransitHistory>(
      t.app,
      '/api/history/transit',
      { transitId: transit.transit.id },
      user.headers,
    );
    expect(history.body.data.changes[0]).toMatchObject({
      action: 'photo',
      entries: [{ kind: 'photoAdded', fileName: 'bulkhead.jpg' }],
    });
  });

  it('keeps the GPS position when the uploader asks for it', async () => {
    const res = await upload(await phonePhoto(), { keepGps: true });
    expect(res.statusCode).toBe(200);
    const stored = await get((res.json().data as LockerFile).url);
    const gps = await exifr.gps(stored.rawPayload);
    expect(gps?.latitude).toBeCloseTo(59.333, 2);
    expect(gps?.longitude).toBeCloseTo(18.067, 2);
  });

  it('removes the EXIF block with the GPS position from PNG and WebP photos too, and turns a photo upright', async () => {
    const blank = () => sharp({ create: { width: 400, height: 200, channels: 3, background: '#3a6ea5' } });
    for (const [format, type] of [
      ['png', 'image/png'],
      ['webp', 'image/webp'],
    ] as const) {
      const original = await blank().withExif({ IFD3: GPS }).toFormat(format).toBuffer();
      expect((await sharp(original).metadata()).exif, `${format} carries EXIF`).toBeDefined();
      const res = await upload(original, { type, name: `site.${format}` });
      expect(res.statusCode, res.body).toBe(200);
      const stored = await get((res.json().data as LockerFile).url);
      expect(stored.headers['content-type']).toBe(type);
      expect(
        (await sharp(stored.rawPayload).metadata()).exif,
        `${format} stored without EXIF`,
      ).toBeUndefined();
    }
    // A phone held upright writes the picture sideways and says so in EXIF (orientation 6): stored upright.
    const sideways = await blank().jpeg().withMetadata({ orientation: 6 }).toBuffer();
    for (const keepGps of [false, true]) {
      const res = await upload(sideways, { keepGps });
      const stored = await sharp((await get((res.json().data as LockerFile).url)).rawPayload).metadata();
      expect([stored.width, stored.height, stored.orientation ?? 1]).toEqual([200, 400, 1]);
    }
  });

  it('keeps a PDF file as sent, without a thumbnail, downloaded rather than shown, and records it as a file', async () => {
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
      'latin1',
    );
    const res = await upload(pdf, { type: 'application/pdf', name: 'test report.pdf' });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().data as LockerFile;
    const stored = await get(saved.url);
    expect(stored.headers['content-type']).toBe('application/pdf');
    expect(stored.headers['content-disposition']).toMatch(/^attachment; filename="test report.pdf"/);
    expect(stored.rawPayload.equals(pdf)).toBe(true);
    expect((await get(`${saved.url}/thumbnail`)).statusCode).toBe(404);
    const list = await call<TransitPhoto[]>(
      t.app,
      '/api/photos/list',
      { transitId: transit.transit.id },
      user.headers,
    );
    expect(list.body.data.find((p) => p.id === saved.id)).toMatchObject({
      contentType: 'application/pdf',
      thumbnailUrl: null,
      width: null,
      keptGps: false,
    });
    const removed = await call(t.app, '/api/photos/remove', { photoId: saved.id }, user.headers);
    expect(removed.status).toBe(200);
    const history = await call<TransitHistory>(
      t.app,
      '/api/history/transit',
      { transitId: transit.transit.id },
      user.headers,
    );
    expect(history.body.data.changes.slice(0, 2).map((c) => c.entries)).toEqual([
      [{ kind: 'fileRemoved', fileName: 'test report.pdf' }],
      [{ kind: 'fileAdded', fileName: 'test report.pdf' }],
    ]);
    // A file that says it is a PDF and is not.
    const fake = await upload(await phonePhoto(), { type: 'application/pdf', name: 'photo.pdf' });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error.message).toBe(CONTENT_MESSAGES.fileContentMismatch.replace('{type}', 'PDF'));
  });

  it('refuses a photo of more pixels than it may unpack into, before decoding it', async () => {
    // 12,000 × 9,000 = 108 megapixels of one colour: a small file.
    const bomb = await sharp({ create: { width: 12_000, height: 9_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(TRANSIT_PHOTO_MAX_BYTES);
    const res = await upload(bomb, { type: 'image/png', name: 'bomb.png' });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(
      PHOTO_MESSAGES.tooManyPixels.replace('{max}', String(TRANSIT_PHOTO_MAX_INPUT_PIXELS / 1_000_000)),
    );
  });

  it('refuses other types, files that are not what they say, and files too large, each with its reason', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const type = await upload(gif, { type: 'image/gif', name: 'a.gif' });
    expect(type.statusCode).toBe(415);
    expect(type.json().error).toMatchObject({
      message: PHOTO_MESSAGES.typeRefused,
      fields: { file: PHOTO_MESSAGES.typeRefused },
    });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const mismatch = await upload(png, { type: 'image/jpeg' });
    expect(mismatch.statusCode).toBe(415);
    expect(mismatch.json().error.message).toBe(
      CONTENT_MESSAGES.fileContentMismatch.replace('{type}', 'JPEG'),
    );
    const text = await upload(Buffer.from('not an image at all'), { type: 'image/jpeg' });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.message).toBe(PHOTO_MESSAGES.unreadable);
    const huge = Buffer.alloc(TRANSIT_PHOTO_MAX_BYTES + 1, 0xff);
    const large = await upload(huge);
    expect(large.statusCode).toBe(413);
    expect(large.json().error.message).toBe(PHOTO_MESSAGES.tooLarge.replace('{max}', '15 MB'));
  });

  it(`refuses more than ${TRANSIT_PHOTOS_MAX_COUNT} photos of one transit`, async () => {
    const small = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const own = await postOk<TransitData>(setup, '/api/project/saveTransit', {
      transit: {
        projectId: setup.project.id,
        name: 'Many photos',
        shape: 'ROUND',
        diameterMm: 200,
        ...A60_CABLE_FIELDS,
      },
    });
    const id = (own as unknown as { id: string }).id;
    for (let i = 0; i < TRANSIT_PHOTOS_MAX_COUNT; i++)
      expect((await upload(small, { transitId: id, name: `p${i}.jpg` })).statusCode).toBe(200);
    const refused = await upload(small, { transitId: id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      PHOTO_MESSAGES.tooMany.replace('{max}', String(TRANSIT_PHOTOS_MAX_COUNT)),
    );
  }, 180_000);

  it('another organization can neither read, list, add nor remove them', async () => {
    const res = await upload(await phonePhoto());
    const saved = res.json().data as LockerFile;
    expect((await get(saved.url, other)).statusCode).toBe(404);
    expect((await get(`${saved.url}/thumbnail`, other)).statusCode).toBe(404);
    const list = await call(t.app, '/api/photos/list', { transitId: transit.transit.id }, other.headers);
    expect(list.status).toBe(404);
    const foreign = await upload(await phonePhoto(), { who: other });
    expect(foreign.statusCode).toBe(404);
    const remove = await call(t.app, '/api/photos/remove', { photoId: saved.id }, other.headers);
    expect(remove.status).toBe(404);
    expect((await get(saved.url)).statusCode).toBe(200);
    // The owner removes it: gone from the list and the link, recorded in the history.
    expect((await call(t.app, '/api/photos/remove', { photoId: saved.id }, user.headers)).status).toBe(200);
    expect((await get(saved.url)).statusCode).toBe(404);
  });

  it('an upload without a transit stays a content image, for content administrators only', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const body = multipart({}, { name: 'logo.png', type: 'image/png', data: png });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/locker/upload',
      headers: { [CLIENT_HEADER]: 'test', 'content-type': body.contentType, ...user.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(403);
  });
});
