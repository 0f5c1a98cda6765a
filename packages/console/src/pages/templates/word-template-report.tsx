/**
 * A Word template's inspection report, in words an author understands: its problems first (errors
 * stop it from being stored, warnings do not), then every tag with where it is in the file — part,
 * paragraph, table cell, the text around it — and what each name binds to, then the styles the
 * generated sections will use and the ones that fall back to a default.
 */
import type { WordTagLocation, WordTemplateReport } from './word-template-api';

type BindsTo = WordTemplateReport['names'][number]['bindsTo'];

const BINDS_TO: Record<BindsTo, string> = {
  field: 'a field',
  computed: 'a computed value',
  gathered: 'gathered data',
  entity: 'an entity',
  library: 'a library text',
  section: 'a section',
  document: 'the document',
  organization: 'the organization',
  builtin: 'a built-in value',
  unknown: 'nothing this template provides (prints empty)',
};

const AREAS: Record<WordTagLocation['area'], string> = {
  body: 'Body',
  header: 'Header',
  footer: 'Footer',
  footnotes: 'Footnotes',
  endnotes: 'Endnotes',
};

/** "Header (word/header1.xml), paragraph 2, table 1 row 3 cell 2". */
export function locationText(location: WordTagLocation): string {
  const part = location.area === 'body' ? AREAS.body : `${AREAS[location.area]} (${location.part})`;
  const cell = location.tableCell ? `, table ${location.tableCell.table} row ${location.tableCell.row} cell ${location.tableCell.cell}` : '';
  return `${part}, paragraph ${location.paragraph}${cell}`;
}

/** The text around a tag, the tag itself marked. */
function Context({ location, tag }: { location: WordTagLocation; tag: string }) {
  if (!location.before && !location.after) return null;
  return (
    <span className="word-context">
      “…{location.before}
      <mark>{tag}</mark>
      {location.after}…”
    </span>
  );
}

function Problems({ problems }: { problems: WordTemplateReport['problems'] }) {
  if (problems.length === 0) return <p className="notice notice-ok">No problems found.</p>;
  return (
    <ul className="word-problems" aria-label="Problems">
      {problems.map((problem, index) => (
        <li key={`${problem.code}:${index}`} className={problem.severity === 'error' ? 'gap-blocking' : 'gap-warning'} data-testid="word-problem">
          <strong>{problem.severity === 'error' ? 'Error' : 'Warning'}:</strong> {problem.message}
          {problem.location ? <span className="word-location"> — {locationText(problem.location)}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * What a tag's name binds to. A tag lists roots (`organization`); the report's names keep a
 * namespace's member (`organization.name`, `computed.total`), so a root takes its members' binding.
 */
function bindingsOf(report: WordTemplateReport): Map<string, BindsTo> {
  const binding = new Map<string, BindsTo>();
  for (const use of report.names) {
    const root = use.name.split('.')[0];
    if (!binding.has(root) || binding.get(root) === 'unknown') binding.set(root, use.bindsTo);
  }
  return binding;
}

function Tags({ report }: { report: WordTemplateReport }) {
  const binding = bindingsOf(report);
  if (report.tags.length === 0) return <p className="empty">The file has no tags: it exports as it is.</p>;
  return (
    <ol className="word-tags" aria-label="Tags">
      {report.tags.map((tag, index) => (
        <li key={`${tag.location.part}:${index}`} data-testid="word-tag">
          <code>{tag.tag}</code>
          <div className="word-location">
            {locationText(tag.location)} <Context location={tag.location} tag={tag.tag} />
          </div>
          {tag.names.length > 0 ? (
            <div className="hint">
              Reads{' '}
              {tag.names.map((name, i) => (
                <span key={name} className={binding.get(name) === 'unknown' ? 'word-unknown' : undefined}>
                  {i > 0 ? ', ' : ''}
                  <code>{name}</code> ({BINDS_TO[binding.get(name) ?? 'unknown']})
                </span>
              ))}
            </div>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

function Styles({ styles }: { styles: WordTemplateReport['styles'] }) {
  const found = Object.entries(styles.found);
  return (
    <>
      <h4>Styles for generated sections</h4>
      {found.length > 0 ? (
        <ul className="word-styles" aria-label="Styles found">
          {found.map(([role, style]) => (
            <li key={role}>
              {role}: the template’s style <code>{style}</code>
            </li>
          ))}
        </ul>
      ) : null}
      {styles.missing.length > 0 ? (
        <p className="hint" data-testid="word-styles-missing">
          Not in the template, so a default style is added: {styles.missing.join(', ')}.
        </p>
      ) : null}
    </>
  );
}

export function WordTemplateReportView({ report, title }: { report: WordTemplateReport; title: string }) {
  const errors = report.problems.filter((p) => p.severity === 'error').length;
  const warnings = report.problems.length - errors;
  return (
    <section className="word-report" aria-label={title} data-testid="word-report">
      <h3>{title}</h3>
      <p className={report.valid ? 'notice notice-ok' : 'notice notice-error'}>
        {report.valid ? 'The file can be stored.' : 'The file cannot be stored until its errors are fixed.'} {report.tags.length} tag
        {report.tags.length === 1 ? '' : 's'}, {errors} error{errors === 1 ? '' : 's'}, {warnings} warning{warnings === 1 ? '' : 's'}.
      </p>
      <Problems problems={report.problems} />
      {report.sections.length > 0 ? <p className="hint">Section placeholders: {report.sections.join(', ')}.</p> : null}
      <h4>Tags</h4>
      <Tags report={report} />
      <Styles styles={report.styles} />
    </section>
  );
}
