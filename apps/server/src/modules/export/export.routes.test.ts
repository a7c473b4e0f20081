import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import {
  formatArea,
  formatPercent,
  fillPercentOf,
  projectTotals,
  type Catalogue,
  type MeasurementSystem,
} from '@sealplan/engine';
import { EXPORT_IMAGE_MAX_BYTES, EXPORT_MESSAGES, type SendProjectExportRequest } from '@sealplan/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createOrganization, createUserWithToken, type TestUser } from '../../testing/factories';
import { createMailer } from '../../lib/mail';
import { drawingToPng } from './documents/drawing';
import { EXPORT_SHARE_LIMIT, EXPORT_SHARE_WINDOW_MS } from './export.service';
import { createExportProject, type SeededProject } from './testing/export-factories';
import { createExportTestApp, seedCatalogue } from './testing/export-test-app';
import { parseCsv, pdfPages, readDocx, rtfToText } from './testing/readers';

/**
 * POST /api/project/sendProjectExport through buildApp + app.inject on a real database (PGlite, or PostgreSQL
 * with DATABASE_URL): authorisation, organization scoping, validation, every format opened with a real reader
 * and compared with the engine figures stored for the seeded project, and shares by e-mail.
 */

const PATH = '/api/project/sendProjectExport';
let t: TestApp;
let user: TestUser;
let project: SeededProject;
let catalogue: Catalogue;

beforeAll(async () => {
  ({ t, user, project, catalogue } = await createExportTestApp());
});
afterAll(async () => t?.close());

function post(
  body: Partial<Record<keyof SendProjectExportRequest, unknown>>,
  headers: Record<string, string> = user.headers,
) {
  return t.app.inject({
    method: 'POST',
    url: PATH,
    headers,
    payload: { projectId: project.projectId, measurementSystem: 'METRIC', ...body },
  });
}

describe('authorisation and scoping', () => {
  it('needs a signed-in user of an organization', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: PATH,
      payload: { projectId: project.projectId, measurementSystem: 'METRIC' },
    });
    expect(anonymous.statusCode).toBe(401);
    const noOrg = await createUserWithToken(t.deps.db.db, { organizationId: null });
    expect((await post({}, noOrg.headers)).statusCode).toBe(403);
  });

  it('answers 404 for a project of another organization, and never its data', async () => {
    const other = await createUserWithToken(t.deps.db.db);
    for (const outputFormat of ['PDF', 'CSV'] as const) {
      const res = await post({ outputFormat }, other.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        success: false,
        error: { code: 'NOT_FOUND', message: EXPORT_MESSAGES.projectNotFound },
      });
      expect(res.body).not.toContain(project.name);
    }
    const share = await post({ isShare: true, emailAddress: 'x@example.com' }, other.headers);
    expect(share.statusCode).toBe(404);
    expect(t.sentMail).toHaveLength(0);
  });

  it('answers 404 for an unknown project and for transits of another project or organization', async () => {
    expect((await post({ projectId: '7b1e2c1a-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    const otherOrg = await createOrganization(t.deps.db.db);
    const foreign = await createExportProject(t.deps.db.db, otherOrg.id, catalogue, { transits: [] });
    const sameOrgOtherProject = await createExportProject(t.deps.db.db, user.organizationId!, catalogue, {
      name: 'Other',
    });
    for (const transitId of [sameOrgOtherProject.transits[0]!.id]) {
      const res = await post({ scope: 'TRANSITS', transitIds: [project.transits[0]!.id, transitId] });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(EXPORT_MESSAGES.transitsNotFound);
    }
    expect((await post({ projectId: foreign.projectId })).statusCode).toBe(404);
  });
});

describe('validation', () => {
  it('applies the spec §5 rules with a message per field', async () => {
    const share = await post({ isShare: true });
    expect(share.statusCode).toBe(400);
    expect(share.json().error.fields).toMatchObject({ emailAddress: EXPORT_MESSAGES.emailRequired });
    const badEmail = await post({ isShare: true, emailAddress: 'not-an-email' });
    expect(badEmail.json().error.fields).toMatchObject({ emailAddress: EXPORT_MESSAGES.emailInvalid });
    const transits = await post({ scope: 'TRANSITS', transitIds: [] });
    expect(transits.json().error.fields).toMatchObject({ transitIds: EXPORT_MESSAGES.transitsRequired });
    const current = await post({ scope: 'CURRENT', transitIds: [] });
    expect(current.json().error.fields).toMatchObject({ transitIds: EXPORT_MESSAGES.currentTransitRequired });
    const invalid: Record<string, unknown>[] = [
      { outputFormat: 'XLS' },
      { size: 'A3' },
      { measurementSystem: 'CUBITS' },
      { projectId: 'nope' },
    ];
    for (const body of invalid) {
      expect((await post(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('accepts a real PNG as imgData and refuses anything else', async () => {
    const png = drawingToPng(
      { opening: { shape: 'ROUND', diameterMm: 100 }, circles: [], exceeded: false },
      40,
    ).png;
    const ok = await post({
      outputFormat: 'CSV',
      imgData: `data:image/png;base64,${png.toString('base64')}`,
    });
    expect(ok.statusCode).toBe(200);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Buffer.alloc(64)]);
    const cases = [
      { imgData: `data:image/jpeg;base64,${jpeg.toString('base64')}`, message: EXPORT_MESSAGES.imageInvalid },
      { imgData: `data:image/png;base64,${jpeg.toString('base64')}`, message: EXPORT_MESSAGES.imageInvalid },
      { imgData: 'data:image/svg+xml;base64,PHN2Zy8+', message: EXPORT_MESSAGES.imageInvalid },
      { imgData: 'javascript:alert(1)', message: EXPORT_MESSAGES.imageInvalid },
      {
        imgData: `data:image/png;base64,${Buffer.alloc(EXPORT_IMAGE_MAX_BYTES + 3).toString('base64')}`,
        message: EXPORT_MESSAGES.imageTooLarge,
      },
    ];
    for (const { imgData, message } of cases) {
      const res = await post({ outputFormat: 'CSV', imgData });
      expect(res.statusCode, imgData.slice(0, 30)).toBe(400);
      expect(res.json().error.fields.imgData).toBe(message);
    }
  });
});

describe.each<MeasurementSystem>(['METRIC', 'IMPERIAL'])('files in %s', (system) => {
  it('PDF: a download with a safe file name whose text carries the stored engine figures', async () => {
    const res = await post({ outputFormat: 'PDF', measurementSystem: system, size: 'LETTER' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="Harbour-Ferry-Refit-Zurich-material-list-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const pages = await pdfPages(res.rawPayload);
    const unitLine =
      system === 'METRIC' ? 'Units: Metric (mm, cm², ml)' : 'Units: Imperial (in, in², US fl oz)';
    pages.forEach((page, i) => expect(page).toContain(`${unitLine} Page ${i + 1} of ${pages.length}`));
    for (const transit of project.transits) {
      // A transit's section starts on the page with its heading and may run on until the next transit's heading.
      const first = pages.findIndex((p) => p.includes(`Transit: ${transit.name}`));
      const next = pages.findIndex((p, i) => i > first && p.includes('Transit: '));
      const page = pages.slice(first, next < 0 ? undefined : next + 1).join('\n');
      expect(page).toContain(`Transit area ${formatArea(transit.sizing.transitAreaMm2, system)}`);
      expect(page).toContain(`Fill ${formatPercent(fillPercentOf(transit.sizing))}`);
      if (transit.sizing.materials.fillerSleeves.count > 0)
        expect(page).toContain(` ${transit.sizing.materials.fillerSleeves.count} pcs`);
    }
  });

  it('CSV, DOCX and RTF carry the same figures', async () => {
    const totals = projectTotals(project.transits.map((tr) => tr.sizing)).totals;
    const csv = await post({ outputFormat: 'CSV', measurementSystem: system });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/\.csv"$/);
    const { rows } = parseCsv(csv.rawPayload);
    expect(
      Number(rows.find((r) => r.Transit === 'Project total' && r.Item === 'Cable wrap rolls')!.Quantity),
    ).toBe(totals.wrap.rolls);
    const sleeves = rows.filter(
      (r) => r.Transit === 'Project total' && (r.Detail ?? '').startsWith('Filler sleeve,'),
    );
    expect(sleeves.map((r) => Number(r.Quantity))).toEqual(totals.fillerSleeves.map((l) => l.count));

    const docx = await post({ outputFormat: 'DOCX', measurementSystem: system });
    expect(docx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    const { text } = await readDocx(docx.rawPayload);
    const rtf = await post({ outputFormat: 'RTF', measurementSystem: system });
    expect(rtf.headers['content-type']).toBe('application/rtf');
    const rtfText = rtfToText(rtf.rawPayload.toString('latin1'));
    for (const transit of project.transits) {
      for (const document of [text, rtfText]) {
        expect(document).toContain(`Transit: ${transit.name}`);
        expect(document).toContain(formatArea(transit.sizing.transitAreaMm2, system));
        expect(document).toContain(formatPercent(transit.sizing.filledPercentWithClearance));
      }
    }
  });
});

describe('share by e-mail', () => {
  it('mails the file as an attachment and answers the envelope', async () => {
    const before = t.sentMail.length;
    const res = await post({ isShare: true, emailAddress: ' buyer@example.com ', outputFormat: 'DOCX' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      data: { sent: true, emailAddress: 'buyer@example.com', outputFormat: 'DOCX' },
    });
    const message = t.sentMail[before]!;
    expect(message.to).toBe('buyer@example.com');
    expect(message.subject).toBe(`Material List (DOCX): ${project.name}`);
    expect(message.attachments?.[0]).toMatchObject({
      filename: res.json().data.fileName,
      contentType: expect.stringContaining('wordprocessingml'),
    });
    expect((await readDocx(message.attachments![0]!.content)).text).toContain(
      `Transit: ${project.transits[0]!.name}`,
    );
  });

  it('writes the mail in the document language, names the format and attaches the format chosen', async () => {
    const cases = [
      {
        language: 'de-DE',
        outputFormat: 'XLSX',
        subject: `Materialliste (XLSX): ${project.name}`,
        body: [
          `Materialliste des Projekts „${project.name}“ gesendet (Format: XLSX)`,
          'Kunde: ',
          '(im Anhang)',
        ],
        contentType: 'spreadsheetml',
      },
      {
        language: 'fr-FR',
        outputFormat: 'PDF',
        subject: `Liste de matériel (PDF) : ${project.name}`,
        body: [
          `liste de matériel du projet « ${project.name} » (format : PDF)`,
          'Client : ',
          'Unités : Métrique',
        ],
        contentType: 'application/pdf',
      },
      {
        language: 'zh-Hans',
        outputFormat: 'CSV',
        subject: `材料清单（CSV）：${project.name}`,
        body: [`项目“${project.name}”的材料清单（格式：CSV）`, '客户：', '（见附件）'],
        contentType: 'text/csv',
      },
    ] as const;
    for (const c of cases) {
      const before = t.sentMail.length;
      const res = await post({
        isShare: true,
        emailAddress: 'buyer@example.com',
        outputFormat: c.outputFormat,
        language: c.language,
      });
      expect(res.statusCode, c.language).toBe(200);
      const message = t.sentMail[before]!;
      expect(message.subject).toBe(c.subject);
      for (const words of c.body) expect(message.text, c.language).toContain(words);
      expect(message.text).toContain(res.json().data.fileName);
      expect(message.attachments).toHaveLength(1);
      expect(message.attachments![0]).toMatchObject({
        filename: expect.stringMatching(new RegExp(`\\.${c.outputFormat.toLowerCase()}$`)),
        contentType: expect.stringContaining(c.contentType),
      });
    }
    // The attachment is written in the mail's language.
    const last = t.sentMail[t.sentMail.length - 1]!;
    expect(parseCsv(last.attachments![0]!.content).rows[0]).toHaveProperty('用量');
  });

  it('refuses a document language it does not have, naming the field', async () => {
    const res = await post({ language: 'es-ES' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({ language: EXPORT_MESSAGES.languageInvalid });
  });

  it('limits shares per user and window', async () => {
    const sharer = await createUserWithToken(t.deps.db.db, {
      organizationId: user.organizationId,
      ttlMs: 4 * EXPORT_SHARE_WINDOW_MS,
    });
    for (let i = 0; i < EXPORT_SHARE_LIMIT; i++) {
      expect(
        (await post({ isShare: true, emailAddress: 'a@example.com', outputFormat: 'CSV' }, sharer.headers))
          .statusCode,
      ).toBe(200);
    }
    const limited = await post(
      { isShare: true, emailAddress: 'a@example.com', outputFormat: 'CSV' },
      sharer.headers,
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: EXPORT_MESSAGES.shareRateLimited,
    });
    // Downloads are not limited, and the window ends.
    expect((await post({ outputFormat: 'CSV' }, sharer.headers)).statusCode).toBe(200);
    t.advanceClock(EXPORT_SHARE_WINDOW_MS + 1000);
    expect(
      (await post({ isShare: true, emailAddress: 'a@example.com', outputFormat: 'CSV' }, sharer.headers))
        .statusCode,
    ).toBe(200);
  }, 120_000);
});

const REFUSED_RECIPIENT = 'no-such-mailbox@example.com';

describe('share over real SMTP', () => {
  let smtp: SMTPServer;
  let app: TestApp;
  const received: ParsedMail[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      // A real refusal: the server answers 550 to this recipient, as a mail server does to an unknown mailbox.
      onRcptTo(address, _session, callback) {
        if (address.address === REFUSED_RECIPIENT) {
          const refusal = Object.assign(new Error('mailbox unavailable'), { responseCode: 550 });
          callback(refusal);
        } else callback();
      },
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    const mail = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Sealplan <no-reply@sealplan.test>',
      outboxDir: '/nonexistent',
    });
    app = await createTestApp({ mail });
  });
  afterAll(async () => {
    await app?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the PDF attachment to the recipient', async () => {
    const c = await seedCatalogue(app);
    const u = await createUserWithToken(app.deps.db.db);
    const p = await createExportProject(app.deps.db.db, u.organizationId!, c);
    const res = await app.app.inject({
      method: 'POST',
      url: PATH,
      headers: u.headers,
      payload: {
        projectId: p.projectId,
        measurementSystem: 'IMPERIAL',
        outputFormat: 'PDF',
        isShare: true,
        emailAddress: 'inspector@example.com',
        size: 'A4',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect((mail.to as { text: string }).text).toBe('inspector@example.com');
    expect(mail.subject).toBe(`Material List (PDF): ${p.name}`);
    expect(mail.text).toContain('Units: Imperial (in, in², US fl oz)');
    const attachment = mail.attachments[0]!;
    expect(attachment.contentType).toBe('application/pdf');
    expect(attachment.filename).toBe(res.json().data.fileName);
    const pages = await pdfPages(attachment.content);
    expect(pages.join('\n')).toContain(
      `Transit area ${formatArea(p.transits[0]!.sizing.transitAreaMm2, 'IMPERIAL')}`,
    );
  });

  it('answers MAIL_FAILED when the mail server refuses', async () => {
    const c = await seedCatalogue(app);
    const u = await createUserWithToken(app.deps.db.db);
    const p = await createExportProject(app.deps.db.db, u.organizationId!, c, { transits: [] });
    const before = received.length;
    const res = await app.app.inject({
      method: 'POST',
      url: PATH,
      headers: u.headers,
      payload: {
        projectId: p.projectId,
        measurementSystem: 'METRIC',
        isShare: true,
        emailAddress: REFUSED_RECIPIENT,
      },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatchObject({ code: 'MAIL_FAILED', message: EXPORT_MESSAGES.shareFailed });
    expect(received).toHaveLength(before);
  });
});
