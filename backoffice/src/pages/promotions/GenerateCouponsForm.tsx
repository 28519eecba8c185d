import { MAX_GENERATED, limitOf } from './couponValues';
import { type FormEvent, useRef, useState } from 'react';
import { Field } from '@vela/ui/Field';
import fieldStyles from '@vela/ui/Field.module.css';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { FormFooter, useFormSave } from '../../common/form';
import { fieldMessages } from '@vela/ui/fieldMessages';
import { useT } from '../../common/useT';
import { fieldOfMessage } from '../promotionText';
import { m } from './promotionMessages';
import { UsageLimitField } from './UsageLimitField';

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
  const [made, setMade] = useState<string[] | null>(null);
  // The toast says how many codes were made.
  const { errors, formError, saving, save } = useFormSave(formRef, null, {
    fieldOf: (error) =>
      fieldOfMessage(error.message, { 'Number of codes': 'count', Prefix: 'prefix', 'Usage limit': 'limit' } as const),
    repeatAbove: false,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
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
    void save(found, async () => {
      setMade(null);
      const codes = (
        await request(GenerateCoupons, {
          input: { promotionId, count: n, prefix: prefix.trim() || null, usageLimit },
        })
      ).generateCoupons.codes;
      setMade(codes);
      toast.show(t(m.made, { count: codes.length }), { tone: 'success' });
      onChange();
    });
  };

  return (
    <form ref={formRef} className="bo-subform" onSubmit={submit} noValidate aria-labelledby="generate-coupons">
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
      <UsageLimitField value={limit} error={errors.limit} onChange={setLimit} />
      <FormFooter error={formError} saving={saving} label={t(m.generate)} className="bo-coupon-footer" />
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
