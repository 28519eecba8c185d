import { MAX_GENERATED, limitOf } from './couponValues';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import fieldStyles from '@vela/ui/Field.module.css';
import { focusFirstInvalid } from '@vela/ui/focusFirstInvalid';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../../__generated__';
import { ApiError, request } from '../../api/client';
import { messageOf } from '../../common/errorText';
import { fieldMessages } from '@vela/ui/fieldMessages';
import { useT } from '../../common/useT';
import { fieldOfMessage } from '../promotionText';
import { m } from './promotionMessages';

const GenerateCoupons = graphql(`
  mutation GenerateCoupons($input: AdminGenerateCouponsInput!) {
    generateCoupons(input: $input) {
      codes
    }
  }
`);

export function GenerateForm({ promotionId, onChange }: { promotionId: string; onChange: () => void }) {
  const t = useT();
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [count, setCount] = useState('');
  const [prefix, setPrefix] = useState('');
  const [limit, setLimit] = useState('');
  const [errors, setErrors] = useState<{ count?: string; prefix?: string; limit?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<string[] | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const usageLimit = limitOf(limit);
    const n = Number(count.trim());
    const found = {
      count: !count.trim()
        ? t(fieldMessages.required)
        : !Number.isInteger(n) || n < 1 || n > MAX_GENERATED
          ? t(m.countInvalid, { max: MAX_GENERATED })
          : undefined,
      limit: usageLimit === undefined ? t(m.limitInvalid) : undefined,
    };
    setErrors(found);
    if (found.count || found.limit) {
      focusFirstInvalid(formRef);
      return;
    }
    setBusy(true);
    setMade(null);
    try {
      const codes = (
        await request(GenerateCoupons, {
          input: { promotionId, count: n, prefix: prefix.trim() || null, usageLimit },
        })
      ).generateCoupons.codes;
      setMade(codes);
      toast.show(t(m.made, { count: codes.length }), { tone: 'success' });
      onChange();
    } catch (caught) {
      const message = messageOf(caught);
      const field =
        caught instanceof ApiError
          ? fieldOfMessage(message, { 'Number of codes': 'count', Prefix: 'prefix', 'Usage limit': 'limit' } as const)
          : null;
      setErrors(field ? { [field]: message } : { form: message });
      if (field) focusFirstInvalid(formRef);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      ref={formRef}
      className="bo-subform"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby="generate-coupons"
    >
      <h3 id="generate-coupons">{t(m.generate)}</h3>
      <Field
        label={t(m.countLabel)}
        hint={t(m.countHint, { max: MAX_GENERATED })}
        name="count"
        inputMode="numeric"
        value={count}
        error={errors.count}
        required
        onChange={(event) => setCount(event.target.value)}
      />
      <Field
        label={t(m.prefix)}
        hint={t(m.prefixHint)}
        name="prefix"
        autoCapitalize="characters"
        value={prefix}
        error={errors.prefix}
        onChange={(event) => setPrefix(event.target.value)}
      />
      <Field
        label={t(m.usageLimit)}
        hint={t(m.usageLimitHint)}
        name="usageLimit"
        inputMode="numeric"
        value={limit}
        error={errors.limit}
        onChange={(event) => setLimit(event.target.value)}
      />
      {errors.form && (
        <p className="bo-inline-error" role="alert">
          {errors.form}
        </p>
      )}
      <Button type="submit" busy={busy}>
        {t(m.generate)}
      </Button>
      {made && (
        <div className={fieldStyles.field}>
          <label htmlFor="generated-codes" className={fieldStyles.label}>
            {t(m.newCodes)}
          </label>
          <textarea
            id="generated-codes"
            className={fieldStyles.control}
            rows={Math.min(8, made.length)}
            readOnly
            value={made.join('\n')}
          />
        </div>
      )}
    </form>
  );
}
