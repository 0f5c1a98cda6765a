/**
 * What stops (or only warns about) generation, as a checklist: each gap says what is wrong and
 * links to where it is fixed — a field's input, a section, a snippet binding — on this page.
 */
import type { Readiness } from '@quire/client';
import { fieldInputId } from './field-input';
import { sectionAnchor } from './section-card';
import { bindingAnchor } from './snippet-bindings-panel';
import { focusTarget } from '../../shell/router';
import { WORD_TEMPLATE_ANCHOR } from '../templates/word-template-panel';

export function ReadinessChecklist({ readiness, fieldKeys, sectionKeys }: { readiness: Readiness; fieldKeys: string[]; sectionKeys: string[] }) {
  const ready = readiness.ui_state === 'ready';
  return (
    <section className="card" aria-labelledby="readiness-title" data-testid="readiness">
      <h2 id="readiness-title">Readiness</h2>
      {ready && readiness.gaps.length === 0 ? <p className="notice notice-ok">Ready to generate: nothing is missing.</p> : null}
      {readiness.ui_state === 'blocked' ? (
        <p className="notice notice-error">Blocked: the template itself must change before this document can be generated.</p>
      ) : null}
      {readiness.gaps.length > 0 ? (
        <ul className="checklist">
          {readiness.gaps.map((gap, index) => {
            const target =
              gap.subjectType === 'field' && gap.key && fieldKeys.includes(gap.key)
                ? fieldInputId(gap.key)
                : gap.subjectType === 'section' && gap.key && sectionKeys.includes(gap.key)
                  ? sectionAnchor(gap.key)
                  : gap.subjectType === 'snippet_binding' && gap.subjectId
                    ? bindingAnchor(gap.subjectId)
                    : gap.subjectType === 'word_template'
                      ? WORD_TEMPLATE_ANCHOR
                      : undefined;
            return (
              <li key={`${gap.kind}:${gap.subjectId}:${index}`} className={gap.blocking ? 'gap-blocking' : 'gap-warning'}>
                <span className="gap-mark" aria-hidden="true">
                  {gap.blocking ? '✗' : '!'}
                </span>
                <span className="visually-hidden">{gap.blocking ? 'Blocking: ' : 'Warning: '}</span>
                {target ? (
                  <a
                    href={`#${target}`}
                    onClick={(event) => {
                      event.preventDefault();
                      focusTarget(target);
                    }}
                  >
                    {gap.message}
                  </a>
                ) : (
                  gap.message
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
