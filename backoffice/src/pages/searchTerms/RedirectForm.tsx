import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { messageOf } from '../../common/errorText';
import { useT } from '../../common/useT';
import { tm } from './termMessages';

const UpdateTerm = graphql(`
  mutation UpdateSearchTermRedirect($id: ID!, $redirect: String) {
    updateSearchTerm(id: $id, redirect: $redirect) {
      id
      redirect
    }
  }
`);

export interface TermRow {
  id: string;
  queryText: string;
  redirect?: string | null;
}

/** Sets or removes where a search for the term goes; the server checks the address. */
export function RedirectForm({
  term,
  onCancel,
  onSaved,
}: {
  term: TermRow;
  onCancel: () => void;
  onSaved: (redirect: string | null) => void;
}) {
  const t = useT();
  const headingId = useId();
  const [value, setValue] = useState(term.redirect ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  // Opened by a click: the keyboard's focus moves into the form.
  useEffect(() => inputRef.current?.focus(), []);

  const save = async (redirect: string | null) => {
    if (saving) return;
    setFailure(null);
    setSaving(true);
    try {
      const data = await request(UpdateTerm, { id: term.id, redirect });
      onSaved(data.updateSearchTerm.redirect ?? null);
    } catch (caught) {
      setFailure(messageOf(caught));
    } finally {
      setSaving(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(value.trim() === '' ? null : value.trim());
  };

  return (
    <form className="bo-card" aria-labelledby={headingId} onSubmit={submit} noValidate>
      <h2 id={headingId}>{t(tm.formTitle, { term: term.queryText })}</h2>
      <Field
        label={t(tm.redirectLabel)}
        hint={t(tm.redirectHint)}
        name="redirect"
        value={value}
        ref={inputRef}
        error={failure ?? undefined}
        onChange={(event) => setValue(event.target.value)}
      />
      <div className="bo-action-row">
        <Button type="submit" busy={saving}>
          {t(tm.save)}
        </Button>
        {term.redirect && (
          <Button variant="secondary" disabled={saving} onClick={() => void save(null)}>
            {t(tm.clear)}
          </Button>
        )}
        <Button variant="secondary" disabled={saving} onClick={onCancel}>
          {t(tm.cancel)}
        </Button>
      </div>
    </form>
  );
}
