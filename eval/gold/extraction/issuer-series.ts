/**
 * Issuer series for the learning curve (issue 32 items 5 and 6): several documents of one
 * issuer — the same letterhead, labels, layout, IBAN, VAT id and contact — with values that vary
 * (number, dates, amounts, line items). Some issuers print the invoice number under an unusual
 * label ("Our reference") or far from its label, where the generic rules miss it: what one
 * reviewed document must teach.
 */
import { FIELDS_OF_TYPE, makeDocModel, type DocModel, type GoldValue } from './documents.js';
import type { Lang } from './vocabulary.js';

/** Documents per issuer: the 1st is reviewed, the 2nd and 3rd are scored. */
export const SERIES_LENGTH = 3;

/** One issuer of the series: which gold document it is modelled on and what makes it hard. */
interface IssuerSpec {
  base: number;
  unusualLabel: boolean;
  layout?: string;
}

const ISSUERS: IssuerSpec[] = [
  { base: 0, unusualLabel: false },
  { base: 9, unusualLabel: false },
  { base: 19, unusualLabel: false },
  { base: 3, unusualLabel: true },
  { base: 12, unusualLabel: true, layout: 'far-right' },
  { base: 21, unusualLabel: false, layout: 'far-right' },
];

const ISSUER_NAMES = ['Nordlicht', 'Atelier Soleil', 'Van Dijk', 'Lusitânia', 'Solana', 'Fiore'];

const REFERENCE: Record<Lang, string> = {
  en: 'Our reference',
  de: 'Unser Zeichen',
  fr: 'Notre référence',
  nl: 'Ons kenmerk',
  es: 'Nuestra referencia',
  it: 'Nostro riferimento',
  pl: 'Nasz znak',
  pt: 'Nossa referência',
};

/** Values that belong to the issuer, not to the document. */
const STABLE = new Set(['payment.iban', 'tax.id', 'contact.email', 'contact.phone']);

/** The `position`-th document (0-based) of issuer `issuer`. */
export function makeIssuerDocModel(seed: number, issuer: number, position: number): DocModel & { issuer: string } {
  const spec = ISSUERS[issuer];
  const base = makeDocModel(seed, spec.base);
  // 72 = 8 languages × 9: the varying document has the base's language and currency rules.
  const vary = makeDocModel(seed + 1 + position, spec.base + 72 * (position + 1));
  const valueOf = (key: string | null, fallback: string): string => {
    if (!key || STABLE.has(key)) return fallback;
    return [...vary.meta, ...vary.totals].find((p) => p.key === key)?.text ?? fallback;
  };
  const meta = base.meta.map((p) => ({
    ...p,
    label: p.key === 'invoice.number' && spec.unusualLabel ? REFERENCE[base.lang] : p.label,
    text: valueOf(p.key, p.text),
  }));
  const totals = base.totals.map((p) => ({ ...p, text: valueOf(p.key, p.text) }));
  const answers: Record<string, GoldValue> = {};
  for (const key of FIELDS_OF_TYPE[base.type]) {
    const v = STABLE.has(key) ? base.answers[key] : vary.answers[key];
    if (v !== undefined && base.answers[key] !== undefined) answers[key] = v;
  }
  const issuerId = `issuer-${issuer + 1}`;
  // Each issuer its own name (the gold set draws names from a short list): a name is an identity.
  const [, ...form] = base.vendor[0].split(' ');
  const vendor = [`${ISSUER_NAMES[issuer]} ${form.join(' ')}`, ...base.vendor.slice(1)];
  return {
    ...base,
    id: `${issuerId}-doc-${position + 1}-${base.lang}-${spec.layout ?? base.layout}`,
    layout: spec.layout ?? base.layout,
    vendor,
    meta,
    totals,
    rows: vary.rows,
    answers,
    issuer: issuerId,
  };
}

/** Every document of every issuer, issuer by issuer. */
export function issuerSeriesModels(seed: number): Array<DocModel & { issuer: string; position: number }> {
  return ISSUERS.flatMap((_, i) => Array.from({ length: SERIES_LENGTH }, (_, k) => ({ ...makeIssuerDocModel(seed, i, k), position: k })));
}
