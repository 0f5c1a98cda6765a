import { DEFAULT_RENDER_OPTIONS, type ComposedDocument, type ComposedSource } from '../composed-document.js';

/** Documents shared by the export tests and bench/export-docx.ts. */

export const SAMPLE_SOURCES: ComposedSource[] = [
  { n: 1, title: 'Data Protection Act 2018', url: 'https://www.legislation.gov.uk/ukpga/2018/12' },
  { n: 2, title: 'Board minutes, March 2024', file: 'board-minutes-2024-03.pdf', page: 4 },
  { n: 3, title: 'Supplier audit report', url: 'https://example.com/audit?id=7&lang=en', file: 'audit.pdf', page: 12 },
];

export const RICH_MARKDOWN = `Our processing relies on **legitimate interest** [1] and on *explicit consent* where required [2].
Retention is ~~indefinite~~ limited to \`P6Y\` as agreed by the board [2, 3].

## Scope

See the [regulator's guidance](https://ico.org.uk/for-organisations/) for details.

- Customer records
- Employee records
  - Payroll
  - Appraisals
- Supplier contacts

1. Identify the data
2. Assess the risk
   1. Likelihood
   2. Impact
3. Decide

| Category | Volume | Lawful basis |
|:---------|-------:|:------------:|
| Customers | 12,000 | Contract [1] |
| Staff | 140 | Legal obligation |

> Personal data shall be processed lawfully, fairly and in a transparent manner.
>
> > Nested quotation.

\`\`\`json
{ "retention": "P6Y", "reviewed": true }
\`\`\`

---

### Details

The company will never suffer a data breach.

<!-- pagebreak -->

Text after the page break. AT&amp;T &copy; 2024.
`;

export function sampleDocument(overrides: Partial<ComposedDocument> = {}): ComposedDocument {
  return {
    title: 'Data Protection Impact Assessment',
    organizationName: 'Acme Holdings Ltd',
    date: '2024-05-17',
    lifecycleState: 'draft',
    description: 'Assessment of the customer data platform migration.',
    blocks: [
      {
        kind: 'section',
        id: 's1',
        title: 'Processing Overview',
        content: RICH_MARKDOWN,
        outputType: 'markdown',
        unsupportedClaims: [
          { text: 'The company will never suffer a data breach.', reason: 'No source supports an absolute guarantee.' },
          { text: 'A claim that appears nowhere in the text', reason: 'Falls back to the heading.' },
        ],
      },
      {
        kind: 'riskBlock',
        heading: 'Risk: unlawful international transfer',
        body: 'Transfers to the US rely on **standard contractual clauses** [3].\n\n- Review annually\n- Document the TIA',
        statutoryRef: 'UK GDPR Art. 46',
      },
      { kind: 'snippet', heading: 'Standard wording', body: 'This assessment is reviewed *every year*.' },
      { kind: 'section', id: 's2', title: 'Retention Settings', content: '{"retention":"P6Y","owner":"DPO","reviewed":true}', outputType: 'json' },
      {
        kind: 'section',
        id: 's3',
        title: 'Nested Configuration',
        content: JSON.stringify({ systems: [{ name: 'CRM', region: 'EU' }], encryption: { atRest: true } }),
        outputType: 'json',
      },
      { kind: 'section', id: 's4', title: 'Key Controls', content: '["Encryption at rest [1]","Access reviews","**Annual** training"]', outputType: 'list' },
      {
        kind: 'section',
        id: 's5',
        title: 'Systems Inventory',
        content: JSON.stringify([
          { system: 'CRM', owner: 'Sales', hosted: 'EU' },
          { system: 'Payroll', owner: 'HR', hosted: 'UK', notes: 'Outsourced' },
        ]),
        outputType: 'table',
      },
      { kind: 'section', id: 's6', title: 'Plain Summary', content: 'First line\nsecond line [1]\n\nSecond paragraph.', outputType: 'string' },
    ],
    sources: SAMPLE_SOURCES,
    render: { ...DEFAULT_RENDER_OPTIONS, headingNumbering: true, headerText: 'Acme — Confidential', footerText: 'DPIA v1' },
    properties: { subject: 'GDPR compliance', creator: 'Quire', created: '2024-05-17T09:30:00.000Z' },
    ...overrides,
  };
}

export function emptyDocument(): ComposedDocument {
  return sampleDocument({ blocks: [], sources: [], description: null, lifecycleState: 'finalized' });
}

const TOPICS = ['governance', 'retention', 'access control', 'encryption', 'vendor management', 'incident response', 'training', 'audit'];

/** One section of the large-document bench: headings, a list, a table and citations (~0.6 page). */
export function benchSectionMarkdown(i: number): string {
  const topic = TOPICS[i % TOPICS.length];
  return `The organisation reviews its ${topic} arrangements every quarter and records the outcome in the register [1]. Findings are reported to the audit committee, which tracks remediation to closure [2]. Where a control depends on a supplier, the supplier's assurance report is reviewed before renewal [3].

## Findings for ${topic}

- Control owner confirmed for item ${i}
- Evidence collected and **filed** in the document store
  - Screenshots of the configuration
  - Sign-off by the *control owner*
- Exceptions logged with a target date

1. Review the policy
2. Test the control [2]
3. Report the result

| Control | Status | Owner |
|---------|:------:|-------|
| ${topic} policy | Effective | Compliance |
| ${topic} monitoring | Partially effective [3] | Operations |
| ${topic} reporting | Effective | Finance |

Remediation actions are prioritised by residual risk, and overdue actions are escalated to the executive committee after thirty days.
`;
}

export function largeDocument(sections: number): ComposedDocument {
  return sampleDocument({
    title: `Bench document (${sections} sections)`,
    blocks: Array.from({ length: sections }, (_, i) => ({
      kind: 'section' as const,
      id: `s${i + 1}`,
      title: `Section ${i + 1}: ${TOPICS[i % TOPICS.length]} review`,
      content: benchSectionMarkdown(i),
      outputType: 'markdown' as const,
    })),
  });
}

/** The same content as one Markdown file, for tools that read Markdown (pandoc in the bench). */
export function largeDocumentMarkdown(sections: number): string {
  const parts = [`# Bench document (${sections} sections)\n`];
  for (let i = 0; i < sections; i++) {
    // Section headings are level 1, so the section's own "##" headings stay level 2 as in Quire.
    parts.push(`# Section ${i + 1}: ${TOPICS[i % TOPICS.length]} review\n\n${benchSectionMarkdown(i)}`);
  }
  parts.push('# Sources\n', ...SAMPLE_SOURCES.map((s) => `${s.n}. ${s.title}${s.url ? ` <${s.url}>` : ''}`));
  return parts.join('\n');
}
