/**
 * A section's Markdown as React elements, from marked's lexer (tokens, never HTML strings: a
 * section's text can never inject markup, and raw HTML in it is shown as text). Citation
 * markers `[n]` become buttons that show their source on hover and on focus; a paragraph that
 * holds a claim the verifier found unsupported is highlighted with the verifier's reason.
 */
import type { Source } from '@quire/client';
import { Lexer, type Token, type Tokens } from 'marked';
import { Fragment, type ReactNode, useId } from 'react';

export interface UnsupportedClaim {
  sentence: string;
  reason: string | undefined;
}

interface Context {
  sources: Source[];
  claims: UnsupportedClaim[];
}

export function Markdown({ text, sources, claims = [] }: { text: string; sources: Source[]; claims?: UnsupportedClaim[] }) {
  const tokens = Lexer.lex(text);
  return <div className="markdown">{blocks(tokens, { sources, claims })}</div>;
}

function blocks(tokens: Token[], ctx: Context): ReactNode[] {
  return tokens.map((token, index) => <Fragment key={index}>{block(token, ctx)}</Fragment>);
}

/** Compares text with citation markers and spacing removed, so a claim's sentence is found in its paragraph. */
const plain = (text: string) =>
  text
    .replace(/\[\d+\]/g, '')
    .replace(/[*_`]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

function block(token: Token, ctx: Context): ReactNode {
  switch (token.type) {
    case 'heading': {
      const t = token as Tokens.Heading;
      // Section titles are the page's h3; headings inside a section start below them.
      const Tag = `h${Math.min(6, t.depth + 3)}` as 'h4';
      return <Tag>{inline(t.tokens, ctx)}</Tag>;
    }
    case 'paragraph': {
      const t = token as Tokens.Paragraph;
      const text = plain(t.raw);
      const claim = ctx.claims.find((c) => plain(c.sentence) !== '' && text.includes(plain(c.sentence)));
      if (!claim) return <p>{inline(t.tokens, ctx)}</p>;
      return (
        <div className="unsupported" data-testid="unsupported-claim">
          <p>{inline(t.tokens, ctx)}</p>
          <p className="unsupported-reason">
            <strong>Unsupported claim:</strong> {claim.reason ?? 'its cited sources do not support it'}
          </p>
        </div>
      );
    }
    case 'list': {
      const t = token as Tokens.List;
      const items = t.items.map((item, index) => <li key={index}>{blocks(item.tokens, ctx)}</li>);
      return t.ordered ? <ol start={typeof t.start === 'number' ? t.start : undefined}>{items}</ol> : <ul>{items}</ul>;
    }
    case 'blockquote':
      return <blockquote>{blocks((token as Tokens.Blockquote).tokens, ctx)}</blockquote>;
    case 'code':
      return (
        <pre>
          <code>{(token as Tokens.Code).text}</code>
        </pre>
      );
    case 'table': {
      const t = token as Tokens.Table;
      return (
        <table className="table">
          <thead>
            <tr>
              {t.header.map((cell, index) => (
                <th key={index} scope="col">
                  {inline(cell.tokens, ctx)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {t.rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, c) => (
                  <td key={c}>{inline(cell.tokens, ctx)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
    }
    case 'hr':
      return <hr />;
    case 'space':
      return null;
    case 'text': {
      const t = token as Tokens.Text;
      return <p>{t.tokens ? inline(t.tokens, ctx) : citations(t.text, ctx)}</p>;
    }
    default:
      return <p>{'text' in token && typeof token.text === 'string' ? citations(token.text, ctx) : token.raw}</p>;
  }
}

function inline(tokens: Token[] | undefined, ctx: Context): ReactNode[] {
  return (tokens ?? []).map((token, index) => <Fragment key={index}>{span(token, ctx)}</Fragment>);
}

function span(token: Token, ctx: Context): ReactNode {
  switch (token.type) {
    case 'strong':
      return <strong>{inline((token as Tokens.Strong).tokens, ctx)}</strong>;
    case 'em':
      return <em>{inline((token as Tokens.Em).tokens, ctx)}</em>;
    case 'del':
      return <del>{inline((token as Tokens.Del).tokens, ctx)}</del>;
    case 'codespan':
      return <code>{(token as Tokens.Codespan).text}</code>;
    case 'br':
      return <br />;
    case 'link': {
      const t = token as Tokens.Link;
      const safe = /^(https?:|mailto:)/i.test(t.href);
      return safe ? (
        <a href={t.href} rel="noreferrer noopener" target="_blank">
          {inline(t.tokens, ctx)}
        </a>
      ) : (
        <span>{inline(t.tokens, ctx)}</span>
      );
    }
    case 'text': {
      const t = token as Tokens.Text;
      return t.tokens ? inline(t.tokens, ctx) : citations(t.text, ctx);
    }
    case 'escape':
      return (token as Tokens.Escape).text;
    default:
      return citations(token.raw, ctx);
  }
}

/** Text with its `[n]` markers made citation buttons (a number without a source stays text). */
function citations(text: string, ctx: Context): ReactNode[] {
  const parts = text.split(/(\[\d+\])/);
  return parts.map((part, index) => {
    const match = /^\[(\d+)\]$/.exec(part);
    const source = match ? ctx.sources.find((s) => s.n === Number(match[1])) : undefined;
    return source ? <Citation key={index} source={source} /> : part;
  });
}

function Citation({ source }: { source: Source }) {
  const id = useId();
  const where = [source.page ? `page ${source.page}` : '', source.url ?? '', source.tool ? `tool ${source.tool}` : ''].filter(Boolean).join(' · ');
  return (
    <span className="cite-wrap">
      <button type="button" className="cite" aria-describedby={id} data-testid="citation">
        [{source.n}]
      </button>
      <span role="tooltip" id={id} className="cite-tip">
        <strong>{source.title}</strong>
        {where ? <span className="cite-where"> ({where})</span> : null}
        {source.quote ? <q>{source.quote}</q> : null}
      </span>
    </span>
  );
}
