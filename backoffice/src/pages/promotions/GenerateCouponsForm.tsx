import { LIMIT_ERROR, LIMIT_HINT, MAX_GENERATED, REQUIRED, limitOf } from './couponValues';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import fieldStyles from '@vela/ui/Field.module.css';
import { focusFirstInvalid } from '@vela/ui/focusFirstInvalid';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../../__generated__';
import { ApiError, request } from '../../api/client';
import { messageOf } from '../../common/errorText';
import { fieldOfMessage } from '../promotionText';

const GenerateCoupons = graphql(`
  mutation GenerateCoupons($input: AdminGenerateCouponsInput!) {
    generateCoupons(input: $input) {
      codes
    }
  }
`);

export function GenerateForm({ promotionId, onChange }: { promotionId: string; onChange: () => void }) {
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
        ? REQUIRED
        : !Number.isInteger(n) || n < 1 || n > MAX_GENERATED
          ? `Enter a whole number from 1 to ${MAX_GENERATED}.`
          : undefined,
      limit: usageLimit === undefined ? LIMIT_ERROR : undefined,
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
      toast.show(`${codes.length} ${codes.length === 1 ? 'code is' : 'codes are'} made.`, { tone: 'success' });
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
      <h3 id="generate-coupons">Generate codes</h3>
      <Field
        label="Number of codes"
        hint={`1 to ${MAX_GENERATED}; each gets 12 random characters`}
        name="count"
        inputMode="numeric"
        value={count}
        error={errors.count}
        required
        onChange={(event) => setCount(event.target.value)}
      />
      <Field
        label="Prefix"
        hint="Optional, such as SPRING-"
        name="prefix"
        autoCapitalize="characters"
        value={prefix}
        error={errors.prefix}
        onChange={(event) => setPrefix(event.target.value)}
      />
      <Field
        label="Usage limit"
        hint={LIMIT_HINT}
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
        Generate codes
      </Button>
      {made && (
        <div className={fieldStyles.field}>
          <label htmlFor="generated-codes" className={fieldStyles.label}>
            The new codes, one a line (copy them from here)
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
