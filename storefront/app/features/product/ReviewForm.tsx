import { useMutation, useQuery } from '@apollo/client/react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import fieldStyles from '@vela/ui/Field.module.css';
import { FieldFrame, describedBy } from '@vela/ui/FieldFrame';
import { fieldMessages } from '@vela/ui/fieldMessages';
import { focusFirstInvalid } from '@vela/ui/focusFirstInvalid';
import { Spinner } from '@vela/ui/Spinner';
import { graphql } from '../../__generated__/gql';
import { describeError } from '../../data/errors';
import styles from './ProductReviews.module.css';

// The form to write a review, loaded when the shopper opens it (ProductReviews), so product pages
// do not carry it in their first-load JavaScript. What a shopper writes waits for staff before it
// shows, and the form says so.

const RatingsQuery = graphql(`
  query ProductReviewRatings {
    productReviewRatingsMetadata {
      items {
        id
        name
        values {
          value
          value_id
        }
      }
    }
  }
`);

const CreateReview = graphql(`
  mutation CreateProductReview($input: CreateProductReviewInput!) {
    createProductReview(input: $input) {
      review {
        nickname
        summary
      }
    }
  }
`);

type Errors = Partial<Record<string, string>>;

export function ReviewForm({ sku }: { sku: string }) {
  const intl = useIntl();
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Opened by a button that then goes away: the form's heading takes the focus, so the keyboard and
  // a screen reader continue from the form.
  useEffect(() => headingRef.current?.focus(), []);
  const titleId = useId();
  const { data, loading } = useQuery(RatingsQuery, { fetchPolicy: 'cache-first' });
  const [create, { loading: sending }] = useMutation(CreateReview);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const ratings = (data?.productReviewRatingsMetadata.items ?? []).filter((rating) => rating !== null);
  const required = intl.formatMessage(fieldMessages.required);

  if (sent)
    return (
      <p className={styles.thanks} role="status">
        <FormattedMessage
          id="product.reviews.thanks"
          defaultMessage="Thank you for your review. It will show here once we have checked it."
        />
      </p>
    );

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : '';
    };
    const text = (name: string) => field(name).trim();
    const found: Errors = {};
    for (const name of ['nickname', 'summary', 'text']) if (!text(name)) found[name] = required;
    for (const rating of ratings) if (!field(`rating-${rating.id}`)) found[`rating-${rating.id}`] = required;
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      // On the next frame, once React has marked the fields invalid.
      focusFirstInvalid(formRef);
      return;
    }
    try {
      await create({
        variables: {
          input: {
            sku,
            nickname: text('nickname'),
            summary: text('summary'),
            text: text('text'),
            ratings: ratings.map((rating) => ({ id: rating.id, value_id: field(`rating-${rating.id}`) })),
          },
        },
      });
      setSent(true);
    } catch (error) {
      setFailure(describeError(error).message);
    }
  };

  return (
    <form ref={formRef} className={styles.form} aria-labelledby={titleId} noValidate onSubmit={(e) => void submit(e)}>
      <h3 id={titleId} ref={headingRef} tabIndex={-1}>
        <FormattedMessage id="product.reviews.write" defaultMessage="Write a review" />
      </h3>
      {loading && ratings.length === 0 ? (
        <Spinner
          label={intl.formatMessage({ id: 'product.reviews.loading', defaultMessage: 'Loading the ratings…' })}
        />
      ) : (
        ratings.map((rating) => {
          const name = `rating-${rating.id}`;
          const errorId = `${titleId}-${name}-error`;
          return (
            <fieldset
              key={rating.id}
              className={styles.rating}
              // Focusable, so that a missing rating is where focus goes and its error is read.
              tabIndex={-1}
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={errors[name] ? errorId : undefined}
            >
              <legend>{rating.name}</legend>
              <div className={styles.choices}>
                {rating.values.map((value) =>
                  value ? (
                    <label key={value.value_id}>
                      <input type="radio" name={name} value={value.value_id} required />
                      {intl.formatMessage(
                        {
                          id: 'product.reviews.starValue',
                          defaultMessage: '{count, plural, one {# star} other {# stars}}',
                        },
                        { count: Number(value.value) },
                      )}
                    </label>
                  ) : null,
                )}
              </div>
              {errors[name] && (
                <p id={errorId} className={styles.error}>
                  {errors[name]}
                </p>
              )}
            </fieldset>
          );
        })
      )}
      <Field
        name="nickname"
        label={intl.formatMessage({ id: 'product.reviews.nickname', defaultMessage: 'Nickname' })}
        required
        maxLength={128}
        autoComplete="nickname"
        error={errors.nickname}
      />
      <Field
        name="summary"
        label={intl.formatMessage({ id: 'product.reviews.summary', defaultMessage: 'Summary' })}
        required
        maxLength={255}
        error={errors.summary}
      />
      <TextArea
        name="text"
        label={intl.formatMessage({ id: 'product.reviews.text', defaultMessage: 'Review' })}
        error={errors.text}
      />
      {failure && (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      )}
      <Button type="submit" className={styles.submit} disabled={sending} aria-busy={sending || undefined}>
        {sending ? (
          <FormattedMessage id="product.reviews.sending" defaultMessage="Sending…" />
        ) : (
          <FormattedMessage id="product.reviews.submit" defaultMessage="Submit review" />
        )}
      </Button>
    </form>
  );
}

function TextArea({ name, label, error }: { name: string; label: string; error: string | undefined }) {
  const id = useId();
  return (
    <FieldFrame controlId={id} label={label} required error={error} hintId={`${id}-hint`} errorId={`${id}-error`}>
      <textarea
        id={id}
        name={name}
        required
        maxLength={5000}
        className={`${fieldStyles.control} ${styles.textarea}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(undefined, error, `${id}-hint`, `${id}-error`, undefined)}
      />
    </FieldFrame>
  );
}
