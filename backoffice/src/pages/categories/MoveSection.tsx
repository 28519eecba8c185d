import { type Category, parentChoices } from './categoryDraft';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@vela/ui/Button';
import { Select } from '@vela/ui/Select';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { useStaff } from '../../api/session';
import { type TreeCategory } from './categoryTree';
import { messageOf } from '../../common/errorText';
import { useT } from '../../common/useT';
import { m } from './categoryMessages';

const MoveCategory = graphql(`
  mutation MoveCategory($id: ID!, $parentId: ID!) {
    moveCategory(id: $id, parentId: $parentId) {
      ...AdminCategoryFields
    }
  }
`);

/** "Move under": another parent, anywhere but below itself; it goes last there. */
export function MoveSection({
  category,
  tree,
  onMoved,
}: {
  category: Category;
  tree: readonly TreeCategory[];
  onMoved: () => void;
}) {
  const t = useT();
  const me = useStaff();
  const toast = useToast();
  const id = useId();
  const [parentId, setParentId] = useState(category.parentId ?? '');
  const [error, setError] = useState<string | null>(null);
  const [moving, setMoving] = useState(false);
  const selectRef = useRef<HTMLSelectElement>(null);
  const location = useLocation();
  useEffect(() => {
    // "Move to…" in the tree opens this page at #move: the choice takes the focus.
    if (location.hash === '#move') selectRef.current?.focus();
  }, [location.hash]);
  if (me.role === 'VIEWER') return null;
  const choices = parentChoices(tree, category.id);
  const move = async (event: FormEvent) => {
    event.preventDefault();
    if (moving) return;
    if (parentId === category.parentId) {
      setError(t(m.alreadyThere, { name: category.name }));
      selectRef.current?.focus();
      return;
    }
    setMoving(true);
    setError(null);
    try {
      const moved = (await request(MoveCategory, { id: category.id, parentId })).moveCategory;
      toast.show(t(m.moved, { name: moved.name, parent: moved.pathNames.slice(0, -1).join(' / ') }), {
        tone: 'success',
      });
      onMoved();
    } catch (caught) {
      setError(messageOf(caught));
      selectRef.current?.focus();
    } finally {
      setMoving(false);
    }
  };
  return (
    <section id="move" aria-labelledby={`${id}-move`} className="bo-card">
      <h2 id={`${id}-move`}>{t(m.move)}</h2>
      <form className="bo-subform" onSubmit={(e) => void move(e)} noValidate>
        <Select
          ref={selectRef}
          label={t(m.moveUnder)}
          name="parentId"
          hint={t(m.moveHint)}
          value={parentId}
          error={error ?? undefined}
          options={choices}
          onChange={(event) => setParentId(event.target.value)}
        />
        <p>
          <Button type="submit" variant="secondary" busy={moving} disabled={moving}>
            {t(m.move)}
          </Button>
        </p>
      </form>
    </section>
  );
}
