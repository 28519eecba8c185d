import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { pageFrom } from '../Pager';

/** A list's filters by their query-string name (`q`, `status`…); '' where a filter is off. */
export type Filters = Record<string, string>;

/**
 * A list's filters and page, kept in the URL so a link, a reload and back / forward show the same
 * list. `read` turns the query string into filters (refusing values the list does not know); the
 * form edits a draft that reaches the URL only when the form is submitted. `keep` names parameters
 * that are not filters (which list it is) and stay as they are.
 */
export function useListFilters<F extends Filters>(read: (params: URLSearchParams) => F, keep: readonly string[] = []) {
  const [params, setParams] = useSearchParams();
  const current = read(params);
  const [draft, setDraft] = useState<F>(current);
  const [draftKey, setDraftKey] = useState(params.toString());
  // Back / forward changed the URL: the form shows what the list shows.
  if (draftKey !== params.toString()) {
    setDraftKey(params.toString());
    setDraft(current);
  }
  const kept = () => {
    const next = new URLSearchParams();
    for (const name of keep) {
      const value = params.get(name);
      if (value !== null) next.set(name, value);
    }
    return next;
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = kept();
    for (const [name, value] of Object.entries(draft)) if (value.trim()) next.set(name, value.trim());
    setParams(next);
  };
  /** The props a text field or a select needs to edit one filter of the draft. */
  const bind = (name: keyof F & string) => ({
    name,
    value: draft[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setDraft({ ...draft, [name]: event.target.value }),
  });
  return {
    current,
    draft,
    bind,
    page: pageFrom(params),
    filtered: Object.values(current).some(Boolean),
    apply,
    clear: () => setParams(kept()),
  };
}

/** `value` when it is one of `values`, else '' (the filter is off). */
export function oneOf<T extends string>(values: readonly T[], value: string | null): T | '' {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : '';
}
