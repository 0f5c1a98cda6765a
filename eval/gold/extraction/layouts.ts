/**
 * Eleven page layouts for the gold documents, as HTML that LibreOffice prints to PDF: where a
 * label sits relative to its value (same line with a colon, a cell to the right, the line
 * below, a header row above, inside a sentence) and where the blocks are (meta box, totals on
 * the right, bank details in the footer, a narrow receipt, a statement, a form).
 */
import type { DocModel, Pair } from './documents.js';

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const lines = (xs: string[]): string => xs.map((x) => `<p>${esc(x)}</p>`).join('');
const inline = (ps: Pair[]): string => ps.map((p) => `<p>${esc(p.label)}: ${esc(p.text)}</p>`).join('');
const cells = (ps: Pair[], colon = false, align = 'left'): string =>
  `<table width="100%">${ps.map((p) => `<tr><td width="45%" align="${align}">${esc(p.label)}${colon ? ':' : ''}</td><td width="55%" align="${align}">${esc(p.text)}</td></tr>`).join('')}</table>`;
const items = (m: DocModel): string =>
  `<table width="100%" border="${m.unruled ? 0 : 1}" cellspacing="0">${[m.rowHeader, ...m.rows]
    .map((r) => `<tr>${r.map((c, i) => `<td width="${i === 0 ? 46 : 18}%">${esc(c)}</td>`).join('')}</tr>`)
    .join('')}</table>`;
/** The customer's block under its label ("Bill to", "Rechnungsempfänger", …). */
const customer = (m: DocModel): string => `<p>&nbsp;</p><p>${esc(m.billTo)}</p>${lines(m.customer)}`;
const head = (m: DocModel): string => `<h2>${esc(m.title)}</h2>${lines(m.vendor)}`;

const RENDER: Record<string, (m: DocModel) => string> = {
  inline: (m) => `${head(m)}${inline(m.meta)}${customer(m)}${items(m)}${inline(m.totals)}${inline(m.contact)}${inline(m.bank)}`,
  'two-column': (m) => `${head(m)}${cells(m.meta)}${customer(m)}${items(m)}${cells(m.totals)}${cells([...m.contact, ...m.bank])}`,
  'label-above': (m) =>
    `${head(m)}${[...m.meta, ...m.contact].map((p) => `<p><font size="1">${esc(p.label)}</font><br/>${esc(p.text)}</p>`).join('')}${items(m)}${inline(m.totals)}${inline(m.bank)}`,
  'meta-box': (m) =>
    `<table width="100%"><tr><td width="50%" valign="top">${head(m)}${customer(m)}</td><td width="50%" valign="top">${cells([...m.meta, ...m.contact], true)}</td></tr></table>${items(m)}${inline(m.totals)}${inline(m.bank)}`,
  'totals-right': (m) =>
    `${head(m)}${inline(m.meta)}${items(m)}<table width="100%"><tr><td width="50%"></td><td width="50%">${cells(m.totals, false, 'right')}</td></tr></table>${inline(m.contact)}${inline(m.bank)}`,
  'footer-bank': (m) =>
    `${head(m)}${inline(m.meta)}${items(m)}${inline(m.totals)}<p>&nbsp;</p><p><font size="1">${[...m.contact, ...m.bank].map((p) => `${esc(p.label)} ${esc(p.text)}`).join(' · ')}</font></p>`,
  receipt: (m) =>
    `<center><h3>${esc(m.vendor[0])}</h3><p>${esc(m.title)}</p></center><table width="50%">${[...m.meta, ...m.totals, ...m.contact, ...m.bank]
      .filter((p) => p.key)
      .map((p) => `<tr><td><tt>${esc(p.label)}</tt></td><td align="right"><tt>${esc(p.text)}</tt></td></tr>`)
      .join('')}</table>`,
  statement: (m) => `${head(m)}${inline(m.bank.filter((p) => p.key))}${inline(m.meta)}${items(m)}${inline(m.contact)}`,
  form: (m) =>
    `<h2>${esc(m.title)}</h2><table width="100%" border="1" cellspacing="0">${[{ label: 'Name', text: m.customer[0], key: null }, ...m.contact, ...m.meta]
      .map((p) => `<tr><td width="35%">${esc(p.label)}:</td><td width="65%">${esc(p.text)}</td></tr>`)
      .join('')}</table>`,
  'header-row': (m) =>
    `${head(m)}<table width="100%" border="1" cellspacing="0"><tr>${m.meta.map((p) => `<td><b>${esc(p.label)}</b></td>`).join('')}</tr><tr>${m.meta
      .map((p) => `<td>${esc(p.text)}</td>`)
      .join('')}</tr></table>${items(m)}${cells(m.totals)}${inline(m.contact)}${inline(m.bank)}`,
  letter: (m) =>
    `${lines(m.vendor)}<p>&nbsp;</p><h3>${esc(m.title)}</h3>${inline(m.meta)}<p>Thank you for your order of ${esc(m.totals[m.totals.length - 1].text)}; it will ship next week.</p>${inline(m.contact)}`,
  'payment-report': (m) => `${lines(m.vendor)}<h2>${esc(m.title)}</h2>${inline(m.meta)}${items(m)}${inline(m.totals)}${inline(m.contact)}`,
  // The value far right of its label (an issuer's own layout, for the learning curve).
  'far-right': (m) =>
    `${head(m)}<table width="100%">${[...m.meta, ...m.totals]
      .map((p) => `<tr><td width="22%">${esc(p.label)}</td><td width="53%"></td><td width="25%" align="right">${esc(p.text)}</td></tr>`)
      .join('')}</table>${lines(m.customer)}${items(m)}${inline(m.contact)}${inline(m.bank)}`,
  prose: (m) =>
    `${head(m)}<p>${m.meta.map((p) => `${esc(p.label)} ${esc(p.text)}`).join(', ')}.</p>${items(m)}<p>${m.totals.map((p) => `${esc(p.label)} ${esc(p.text)}`).join(', ')}.</p><p>${[
      ...m.contact,
      ...m.bank,
    ]
      .map((p) => `${esc(p.label)} ${esc(p.text)}`)
      .join(', ')}.</p>`,
};

/** The document as a standalone HTML page. */
export function renderHtml(m: DocModel): string {
  const body = RENDER[m.layout](m);
  return `<!DOCTYPE html><html lang="${m.lang}"><head><meta charset="utf-8"><title>${esc(m.id)}</title><style>body{font-family:'DejaVu Sans',sans-serif;font-size:10pt} p{margin:2pt 0} td{padding:2pt 4pt}</style></head><body>${body}</body></html>`;
}
