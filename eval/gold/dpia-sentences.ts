/**
 * Gold sentences for the DPIA: necessity, risks and measures as a model (or a privacy officer)
 * would write them from Articles 35–36 [1], the guidance note [2] and the processor agreement
 * [3], with the form's values and the rated risks as stated facts.
 */
import type { Row } from './memo-sentences.js';
import { type DpiaWorld, longDate } from './worlds.js';

export const DPIA_LAW_ROWS: Row[] = [
  ['supported', false, 'An assessment is required where processing is likely to result in a high risk to the rights and freedoms of natural persons [1].'],
  ['supported', false, 'The assessment must contain a systematic description of the envisaged processing operations and their purposes [1].'],
  ['supported', false, 'The assessment must assess the necessity and proportionality of the processing operations in relation to the purposes [1].'],
  [
    'supported',
    false,
    'The controller shall consult the supervisory authority prior to processing where the assessment indicates a high risk in the absence of mitigating measures [1].',
  ],
  ['supported', false, 'Processing on a large scale of special categories of data referred to in Article 9(1) requires an assessment [1].'],
  ['supported', false, 'Typical risks to data subjects include unauthorised access, inaccurate data and excessive retention [2].'],
  ['supported', false, 'Transfers outside the European Economic Area require a transfer mechanism such as standard contractual clauses [2].'],
  ['supported', false, 'Common measures include encryption at rest and in transit, role-based access control and pseudonymisation [2].'],
  ['supported', false, 'Processor agreements under Article 28 GDPR are among the common measures [2].'],
  ['supported', false, 'Function creep, where data is reused for incompatible purposes, is a typical risk [2].'],
  ['unsupported', true, 'Article 35 requires the assessment to be repeated every 12 months [1].'],
  ['unsupported', true, 'The supervisory authority must answer a prior consultation within 8 weeks [1].'],
  ['unsupported', true, 'Pseudonymisation reduces the risk of re-identification by 80% [2].'],
  ['unsupported', true, 'The European Data Protection Board endorsed this list of measures in 2021 [2].'],
  ['unsupported', true, 'Fines of up to 4% of annual turnover apply when no assessment is made [1].'],
  ['unsupported', true, 'The guidance recommends biometric authentication for every employee [2].'],
  ['unsupported', true, 'Data subjects may object to the processing at any time [1].'],
  ['wrong-citation', true, 'Transfers outside the European Economic Area require a transfer mechanism such as standard contractual clauses [1].'],
  ['wrong-citation', true, 'The assessment must contain a systematic description of the envisaged processing operations and their purposes [2].'],
  ['wrong-citation', true, 'Encryption at rest and in transit and role-based access control are common measures [1].'],
  ['wrong-citation', true, 'Processor agreements under Article 28 GDPR are among the common measures [4].'],
];

function dpiaSupported(w: DpiaWorld): Row[] {
  const p = w.processor;
  return [
    ['supported', false, `${p} encrypts the data with AES-256 [3].`],
    ['supported', false, `${p} deletes the data within 30 days of the end of the contract [3].`],
    ['supported', false, `${p} processes the data only on documented instructions of ${w.controller} [3].`],
    ['supported', false, `Sub-processors are listed in Annex 3 and may change only after 30 days of notice [3].`],
    ['unsupported', true, `${p} holds an ISO 27001 certificate for its hosting [3].`],
    ['unsupported', true, `${p} keeps backups of the data for 90 days [3].`],
    ['unsupported', true, `${p} has appointed Dr. Weber as its data protection officer [3].`],
    ['wrong-citation', true, `${p} deletes the data within 30 days of the end of the contract [2].`],
    ['wrong-citation', true, `${p} processes the data only on documented instructions of ${w.controller} [1].`],
  ];
}

function dpiaFieldValues(w: DpiaWorld): Row[] {
  const c = w.controller;
  const rows: Row[] = [
    ['field-value', false, `${c} will keep the data for ${w.retention} months, so a defined retention schedule with automatic deletion is needed [2].`],
    ['field-value', false, `${w.assessor} carried out this assessment on ${longDate(w.date)}, before the processing starts [1].`],
    ['field-value', false, `The purpose, to ${w.purpose}, is the purpose against which necessity and proportionality are assessed [1].`],
    ['field-value', false, `${c} relies on ${w.basis} as its lawful basis, and processor agreements under Article 28 GDPR bind ${w.processor} [2][3].`],
    ['field-value', false, `The personal data processed (${w.data}) must be encrypted at rest and in transit [2].`],
  ];
  if (w.special) rows.push(['field-value', false, `Because ${w.processing} involves special categories of data, ${c} must carry out an assessment first [1].`]);
  if (w.transfers) rows.push(['field-value', false, `${c} transfers data outside the European Economic Area, so it needs standard contractual clauses [2].`]);
  return rows;
}

function dpiaContradictions(w: DpiaWorld): Row[] {
  const rows: Row[] = w.risks.map((r): Row => {
    const other = r.level === 'low' ? 'high' : 'low';
    return ['contradicts-fact', true, `The risk of ${r.risk} to ${w.subjects} is ${other} [2].`];
  });
  rows.push(
    w.consultation === 'required'
      ? ['contradicts-fact', true, `Prior consultation of the supervisory authority is not required for ${w.processing} [1].`]
      : ['contradicts-fact', true, `Prior consultation of the supervisory authority is required before ${w.processing} starts [1].`],
  );
  rows.push(['contradicts-fact', true, `${w.controller} will keep the data for ${w.retention * 2 + 6} months [2].`]);
  rows.push(['contradicts-fact', true, `This assessment was carried out on 2 January 2026 [1].`]);
  rows.push(
    w.consultation === 'required'
      ? ['field-value', false, `Prior consultation of the supervisory authority is required before ${w.processing} starts [1].`]
      : ['field-value', false, `Prior consultation of the supervisory authority is not required for ${w.processing} [1].`],
  );
  return rows;
}

/** Rows of the risk table (`| risk | likelihood | severity | level |`), as row 7 saw a live judge flag them. */
function dpiaTableRows(w: DpiaWorld): Row[] {
  return w.risks.flatMap((r): Row[] => {
    const name = r.risk.charAt(0).toUpperCase() + r.risk.slice(1);
    const level = r.level.charAt(0).toUpperCase() + r.level.slice(1);
    const wrong = r.level === 'high' ? 'Low' : 'High';
    return [
      ['table-row', false, `| ${name} | ${r.likelihood} | ${r.severity} | ${level} [2] |`],
      ['table-row', true, `| ${name} | ${r.likelihood} | ${r.severity} | ${wrong} [2] |`],
    ];
  });
}

export function dpiaRows(w: DpiaWorld): Row[] {
  return [...dpiaSupported(w), ...dpiaFieldValues(w), ...dpiaContradictions(w), ...dpiaTableRows(w)];
}
