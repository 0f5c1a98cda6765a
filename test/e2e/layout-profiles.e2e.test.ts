/**
 * Layout profiles over real HTTP on SQLite: the organization's letterhead settings
 * (owners only, checked logo, one organization's settings never another's), and the built-in
 * letter and memo exported as .docx with their letterhead, title and date taken from the
 * document's own fields; a layout template that does not parse is refused when saved.
 */
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiFor } from '../support/api.js';
import { LETTER_FIELDS, MEMO_FIELDS } from '../support/builtin-fields.js';
import { describeOneDialect } from '../support/dialects.js';
import { addTestMember } from '../support/members.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

/** A real 2 × 1 PNG. */
const LOGO = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGM4IScnZ7MAAAc3Af/WSdlhAAAAAElFTkSuQmCC';
const SETTINGS = '/v1/organization/settings';

/** The document's text, one paragraph a line. */
async function docxText(bytes: Buffer): Promise<{ text: string; media: string[] }> {
  const zip = await JSZip.loadAsync(bytes);
  const xml = (await zip.file('word/document.xml')?.async('string')) ?? '';
  const text = xml
    .replace(/<\/w:p>/g, '\n')
    .replace(/<w:tab\/>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&');
  return { text, media: Object.keys(zip.files).filter((f) => f.startsWith('word/media/')) };
}

describeOneDialect('layout profiles', (dialect) => {
  let server: TestServer;
  let owner: Api;
  let token: string;

  const exportDocx = async (id: string): Promise<Buffer> => {
    const response = await server.call('GET', `/v1/documents/${id}/export.docx`, { token, org: 'acme' });
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    token = await server.login();
    owner = await apiFor(server);
  });
  afterAll(async () => server?.close());

  describe('organization settings', () => {
    it('starts empty, keeps what an owner sets, and clears a key sent as null', async () => {
      const empty = await owner.as('globex').get(SETTINGS);
      expect(empty.status).toBe(200);
      expect(empty.body).toEqual({ letterheadName: null, letterheadAddress: null, logo: null, updatedAt: null });

      const changed = await owner.patch(SETTINGS, {
        letterheadName: 'Northwind LLP',
        letterheadAddress: '1 Harbour Street\nBristol BS1 4QA',
        logo: { mediaType: 'image/png', data: LOGO },
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect(changed.body).toMatchObject({
        letterheadName: 'Northwind LLP',
        letterheadAddress: '1 Harbour Street\nBristol BS1 4QA',
        logo: { mediaType: 'image/png', data: LOGO, width: 2, height: 1 },
      });
      expect((await owner.get(SETTINGS)).body).toEqual(changed.body);

      // Another organization's settings are its own.
      expect((await owner.as('globex').get(SETTINGS)).body.letterheadName).toBeNull();

      const partial = await owner.patch(SETTINGS, { letterheadAddress: null });
      expect(partial.body).toMatchObject({ letterheadName: 'Northwind LLP', letterheadAddress: null, logo: { width: 2 } });
      expect((await owner.patch(SETTINGS, { letterheadAddress: '1 Harbour Street\nBristol BS1 4QA' })).status).toBe(200);
    });

    it('refuses a logo that is not the image it claims to be with 422 {detail}, and changes nothing', async () => {
      const before = (await owner.get(SETTINGS)).body;
      const refused = [
        { mediaType: 'image/jpeg', data: LOGO },
        { mediaType: 'image/png', data: 'not base64!' },
        { mediaType: 'image/png', data: Buffer.from('%PDF-1.7 hello').toString('base64') },
        { mediaType: 'image/png', data: LOGO.slice(0, 16) },
        { mediaType: 'image/gif', data: LOGO },
      ];
      for (const logo of refused) {
        const response = await owner.patch(SETTINGS, { logo });
        expect(response.status, JSON.stringify(logo)).toBe(422);
        // The use case's refusals say why in a sentence; the schema's list what failed.
        expect(response.body.detail, JSON.stringify(logo)).toEqual(logo.mediaType === 'image/gif' ? expect.any(Array) : expect.any(String));
      }
      expect((await owner.patch(SETTINGS, { letterhead: 'x' })).status).toBe(422);
      expect((await owner.get(SETTINGS)).body).toEqual(before);
    });

    it('answers owners only: 403 {detail} naming the owner role to an editor or viewer', async () => {
      for (const role of ['viewer', 'editor', 'reviewer'] as const) {
        const member = await addTestMember(server, token, 'acme', role, `settings-${role}-${dialect}`);
        for (const [method, body] of [
          ['GET', undefined],
          ['PATCH', { letterheadName: 'Hijack' }],
        ] as const) {
          const response = await server.call(method, SETTINGS, { token: member.token, org: 'acme', body });
          expect(response.status, `${method} as ${role}`).toBe(403);
          expect(((await response.json()) as { detail: string }).detail).toMatch(/owner/);
        }
      }
      expect((await owner.get(SETTINGS)).body.letterheadName).toBe('Northwind LLP');
    });
  });

  describe('built-in templates', () => {
    it("letter: prints the letterhead, the letter's own date, addressee, subject and signature block", async () => {
      const created = await owner.post('/v1/documents', { templateId: 'engagement-letter', fields: { ...LETTER_FIELDS, letter_date: '2026-11-20' } });
      expect(created.status).toBe(201);
      const { text, media } = await docxText(await exportDocx(created.body.document.id));
      expect(media.length).toBe(1);
      const order = [
        'Northwind LLP',
        '1 Harbour Street',
        'Bristol BS1 4QA',
        '20 November 2026',
        'Ada Lovelace\nContoso GmbH',
        'Terms of engagement for Contoso GmbH',
        'Yours sincerely,',
        'J. Smith\nPartner, for and on behalf of Northwind LLP',
      ];
      const positions = order.map((s) => text.indexOf(s));
      expect(
        positions.every((p) => p >= 0),
        order.filter((_, i) => positions[i] < 0).join(' | '),
      ).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      expect(text).not.toContain('Contents');
      expect(text).not.toContain('Status: Draft');
    });

    it("memo: the title names the vendor and the Date line is the memo's date field, not the export's", async () => {
      const created = await owner.post('/v1/documents', { templateId: 'vendor-security-memo', fields: { ...MEMO_FIELDS, memo_date: '2026-10-05' } });
      expect(created.status).toBe(201);
      const bytes = await exportDocx(created.body.document.id);
      const { text } = await docxText(bytes);
      expect(text.split('\n').slice(0, 5)).toEqual([
        'Memorandum',
        'To: Procurement committee',
        'From: Sam Reviewer',
        'Date: 5 October 2026',
        'Subject: Security assessment of Initech Cloud',
      ]);
      const core = (await (await JSZip.loadAsync(bytes)).file('docProps/core.xml')?.async('string')) ?? '';
      expect(core).toContain('<dc:title>Security assessment of Initech Cloud</dc:title>');
      // Exported again, the same bytes.
      expect((await exportDocx(created.body.document.id)).equals(bytes)).toBe(true);
    });

    it('refuses a layout template that does not parse or an unknown layout with 422 naming the key, and keeps the config', async () => {
      const created = await owner.post('/v1/documents', { templateId: 'vendor-security-memo', fields: MEMO_FIELDS });
      const id: string = created.body.document.id;
      const before = (await owner.get(`/v1/documents/${id}/config`)).body.render;
      const broken = await owner.put(`/v1/documents/${id}/config`, { render: { titleTemplate: 'Memo {{ vendor_name ' } });
      expect(broken.status).toBe(422);
      expect(broken.body.detail).toMatch(/render\.titleTemplate does not parse/);
      const unknown = await owner.put(`/v1/documents/${id}/config`, { render: { layout: 'brochure' } });
      expect(unknown.status).toBe(422);
      expect(unknown.body.detail).toMatch(/render\.layout/);
      expect((await owner.get(`/v1/documents/${id}/config`)).body.render).toEqual(before);
      expect(before).toMatchObject({ layout: 'memo', titleTemplate: 'Security assessment of {{ vendor_name }}', dateField: 'memo_date' });
    });
  });
});
