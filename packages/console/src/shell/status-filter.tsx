/**
 * A list's status select, kept in the URL (`?status=`) like the sort and name filter (ADR 0683),
 * so a link, a reload or Back shows the same view; the server does the filtering (ADR 0685).
 * Each state is shown in the words every page uses for it (shell/state-labels), "Any status"
 * first. The label names the list ("Merge run status"), so it never collides with another
 * control of the same page (a document's "State", a list's "Sort by").
 */
import { navigate, useLocation, useSearchParams } from './router';
import { stateLabel } from './state-labels';

/** The `?status=` of the current URL when it is one of `values`; undefined (any status) otherwise. */
export function useStatusFilter<S extends string>(values: readonly S[]): S | undefined {
  const status = useSearchParams().get('status');
  return values.find((value) => value === status);
}

interface Props<S extends string> {
  /** The select's accessible name, distinct on its page ("Delivery status"). */
  label: string;
  values: readonly S[];
}

export function StatusFilter<S extends string>({ label, values }: Props<S>) {
  const { pathname, search } = useLocation();
  const current = useStatusFilter(values);
  const id = `status-filter-${label.toLowerCase().replace(/\W+/g, '-')}`;
  const apply = (status: string) => {
    // The other parameters of the view (a sort, a search) stay as they are.
    const query = new URLSearchParams(search);
    if (status === '') query.delete('status');
    else query.set('status', status);
    const rest = query.toString();
    navigate(rest ? `${pathname}?${rest}` : pathname);
  };
  return (
    <div className="form-actions filters">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={current ?? ''} onChange={(event) => apply(event.target.value)}>
        <option value="">Any status</option>
        {values.map((value) => (
          <option key={value} value={value}>
            {stateLabel(value)}
          </option>
        ))}
      </select>
    </div>
  );
}
