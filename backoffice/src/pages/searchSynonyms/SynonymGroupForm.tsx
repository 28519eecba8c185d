import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { Select } from '@vela/ui/Select';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { messageOf } from '../../common/errorText';
import { useT } from '../../common/useT';
import { sm } from './synonymMessages';

const SaveGroup = graphql(`
  mutation SaveSearchSynonymGroup($id: ID, $storeCode: String, $words: [String!]!) {
    saveSearchSynonymGroup(id: $id, storeCode: $storeCode, words: $words) {
      id
      storeCode
      words
    }
  }
`);

export interface SynonymGroup {
  id: string;
  storeCode: string | null;
  words: readonly string[];
}

export interface StoreOption {
  code: string;
  name: string;
}

/** The words as typed, split at commas, trimmed and without repeats (the server lower-cases them). */
export function splitWords(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(',')
    .map((word) => word.trim())
    .filter((word) => {
      const key = word.toLowerCase();
      if (word === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** Adds a group (no `group`) or changes one: its words and the store view it applies in. */
export function SynonymGroupForm({
  group,
  stores,
  defaultStoreCode,
  onSaved,
  onCancel,
}: {
  group: SynonymGroup | null;
  stores: readonly StoreOption[];
  defaultStoreCode: string | null;
  onSaved: (saved: SynonymGroup) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const headingId = useId();
  const [words, setWords] = useState(group ? group.words.join(', ') : '');
  const [storeCode, setStoreCode] = useState(group ? (group.storeCode ?? '') : (defaultStoreCode ?? ''));
  const [invalid, setInvalid] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const wordsRef = useRef<HTMLInputElement>(null);
  // The form opens on a click: the keyboard's focus moves into it rather than staying behind.
  useEffect(() => wordsRef.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const list = splitWords(words);
    if (list.length < 2) {
      setInvalid(t(sm.wordsTooFew));
      return;
    }
    setInvalid(null);
    setFailure(null);
    setSaving(true);
    try {
      const data = await request(SaveGroup, { id: group?.id ?? null, storeCode: storeCode || null, words: list });
      onSaved(data.saveSearchSynonymGroup);
    } catch (caught) {
      setFailure(messageOf(caught));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="bo-card" aria-labelledby={headingId} onSubmit={(event) => void submit(event)} noValidate>
      <h2 id={headingId}>{t(group ? sm.formEdit : sm.formNew)}</h2>
      <Field
        label={t(sm.wordsLabel)}
        hint={t(sm.wordsHint)}
        name="words"
        value={words}
        error={invalid ?? undefined}
        required
        ref={wordsRef}
        onChange={(event) => setWords(event.target.value)}
      />
      <Select
        label={t(sm.scopeLabel)}
        name="storeCode"
        value={storeCode}
        options={[
          { value: '', label: t(sm.allStores) },
          ...stores.map((store) => ({ value: store.code, label: store.name })),
        ]}
        onChange={(event) => setStoreCode(event.target.value)}
      />
      {failure && (
        <p className="bo-inline-error" role="alert">
          {failure}
        </p>
      )}
      <div className="bo-action-row">
        <Button type="submit" busy={saving}>
          {t(sm.save)}
        </Button>
        <Button variant="secondary" disabled={saving} onClick={onCancel}>
          {t(sm.cancel)}
        </Button>
      </div>
    </form>
  );
}
