/**
 * A list's sort and name filter, kept in the URL (`?sort=&q=`) so a link, a reload or Back shows
 * the same view; the server does the sorting and filtering. A list opens newest first (the thing
 * a person just made is the one they look for), ADR 0683.
 */
import { type FormEvent, useState } from 'react';
import { Link, navigate, useLocation, useSearchParams } from './router';

export interface SortChoice<S extends string> {
  value: S;
  label: string;
}

/** The `?sort=` and `?q=` of the current URL; an unknown sort falls back to the first choice. */
export function useListView<S extends string>(choices: readonly SortChoice<S>[]): { sort: S; q: string } {
  const params = useSearchParams();
  const sort = choices.find((choice) => choice.value === params.get('sort'))?.value ?? choices[0].value;
  return { sort, q: params.get('q') ?? '' };
}

interface Props<S extends string> {
  /** "texts" — in the form's accessible name ("Sort and filter texts"). */
  noun: string;
  /** What the text box matches ("Name or key contains"). */
  filterLabel: string;
  choices: readonly SortChoice<S>[];
}

export function ListViewControls<S extends string>({ noun, filterLabel, choices }: Props<S>) {
  const { pathname } = useLocation();
  const view = useListView(choices);
  // Keyed by the URL's view, so Back and a link reset the box to what the URL says.
  return <Controls key={`${view.sort}|${view.q}`} pathname={pathname} view={view} noun={noun} filterLabel={filterLabel} choices={choices} />;
}

function Controls<S extends string>({ pathname, view, noun, filterLabel, choices }: Props<S> & { pathname: string; view: { sort: S; q: string } }) {
  const [text, setText] = useState(view.q);
  const id = `list-view-${noun.replace(/\W+/g, '-')}`;
  const apply = (sort: string, q: string) => {
    const query = new URLSearchParams();
    if (sort !== choices[0].value) query.set('sort', sort);
    if (q.trim() !== '') query.set('q', q.trim());
    const search = query.toString();
    navigate(search ? `${pathname}?${search}` : pathname);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(view.sort, text);
  };
  return (
    <form role="search" aria-label={`Sort and filter ${noun}`} className="form-actions filters" onSubmit={submit}>
      <label htmlFor={`${id}-q`}>{filterLabel}</label>
      <input id={`${id}-q`} type="search" value={text} onChange={(event) => setText(event.target.value)} />
      <button type="submit">Search</button>
      <label htmlFor={`${id}-sort`}>Sort by</label>
      <select id={`${id}-sort`} value={view.sort} onChange={(event) => apply(event.target.value, text)}>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {view.q !== '' || view.sort !== choices[0].value ? (
        <Link to={pathname} className="button button-quiet">
          Clear
        </Link>
      ) : null}
    </form>
  );
}
