import { type FormEvent, useId, useState } from 'react';
import { Button } from '@vela/ui/Button';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { CheckboxField } from '../../common/form';
import { TextareaField } from '../../common/TextareaField';
import { useT } from '../../common/useT';
import { m } from './orderMessages';
import { ActionError, type Actions, type Order } from './useOrderActions';

const CommentMutation = graphql(`
  mutation AddOrderComment($input: OrderCommentInput!) {
    addOrderComment(input: $input) {
      ...AdminOrderFields
    }
  }
`);

export function CommentForm({ order, actions }: { order: Order; actions: Actions }) {
  const t = useT();
  const id = useId();
  const [message, setMessage] = useState('');
  const [visible, setVisible] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!message.trim()) {
      setInvalid(t(m.commentMissing));
      return;
    }
    setInvalid(null);
    const done = await actions.run(
      'comment',
      async () =>
        (
          await request(CommentMutation, {
            input: { number: order.number, message: message.trim(), visibleToCustomer: visible },
          })
        ).addOrderComment,
      t(m.commentAdded),
    );
    if (done) {
      setMessage('');
      setVisible(false);
    }
  };
  return (
    <form className="bo-subform" onSubmit={submit} aria-labelledby={`${id}-heading`} noValidate>
      <h3 id={`${id}-heading`}>{t(m.addComment)}</h3>
      <TextareaField
        id={`${id}-message`}
        label={t(m.comment)}
        rows={3}
        maxLength={2000}
        value={message}
        error={invalid}
        onChange={(event) => setMessage(event.target.value)}
      />
      <CheckboxField checked={visible} onChange={setVisible}>
        {t(m.commentVisible)}
      </CheckboxField>
      <ActionError error={actions.errors.comment}>
        <Button
          type="submit"
          busy={actions.running === 'comment'}
          disabled={actions.running !== null && actions.running !== 'comment'}
        >
          {t(m.addCommentButton)}
        </Button>
      </ActionError>
    </form>
  );
}
