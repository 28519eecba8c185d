import { type FormEvent, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import fieldStyles from '@vela/ui/Field.module.css';
import { focusFirstInvalid } from '@vela/ui/focusFirstInvalid';
import { Modal } from '@vela/ui/Modal';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../__generated__';
import { ApiError, request } from '../api/client';
import { useStaff } from '../api/session';
import { EmptyState } from '../common/ui';
import { messageOf } from '../common/errorText';
import { fieldOfMessage, usesText } from './promotionText';

// A rule's coupon codes: the page of codes with their uses, and (for staff) adding one typed
// code, generating many, removing an unused one and changing a code's usage limit.

const AddCoupon = graphql(`
  mutation AddCoupon($input: AdminAddCouponInput!) {
    addCoupon(input: $input) {
      codes
    }
  }
`);

const GenerateCoupons = graphql(`
  mutation GenerateCoupons($input: AdminGenerateCouponsInput!) {
    generateCoupons(input: $input) {
      codes
    }
  }
`);

const RemoveCoupon = graphql(`
  mutation RemoveCoupon($code: String!) {
    removeCoupon(code: $code) {
      id
    }
  }
`);

const SetCouponUsageLimit = graphql(`
  mutation SetCouponUsageLimit($code: String!, $usageLimit: Int) {
    setCouponUsageLimit(code: $code, usageLimit: $usageLimit) {
      id
    }
  }
`);

const REQUIRED = 'This field is required';
const MAX_GENERATED = 1000;

interface Coupon {
  code: string;
  usageLimit?: number | null;
  timesUsed: number;
}

interface CouponsProps {
  promotion: { id: string; active: boolean; couponCount: number };
  coupons: { items: Coupon[]; totalCount: number; page: number; totalPages: number };
  /** Something changed: read the rule and its codes again. */
  onChange: () => void;
}

/** An optional whole number of uses, 1 or more; undefined when the text is not one. */
function limitOf(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^[1-9]\d{0,9}$/.test(trimmed) ? Number(trimmed) : undefined;
}

const LIMIT_HINT = 'Orders per code; empty: no limit';
const LIMIT_ERROR = 'Enter a whole number, 1 or more, or leave it empty for no limit.';

export function CouponsSection({ promotion, coupons, onChange }: CouponsProps) {
  const intl = useIntl();
  const me = useStaff();
  const readOnly = me.role === 'VIEWER';
  return (
    <section aria-labelledby="promotion-coupons" className="bo-card">
      <h2 id="promotion-coupons">Coupon codes</h2>
      <p className="bo-muted">
        {coupons.totalCount === 0
          ? 'This promotion has no codes: it applies by itself to every cart that qualifies. Add a code to limit it to shoppers who enter one.'
          : `${intl.formatNumber(coupons.totalCount)} ${coupons.totalCount === 1 ? 'code' : 'codes'}; shoppers may type them in any case.`}
      </p>
      {!readOnly && (
        <div className="bo-grid-2">
          <AddCouponForm promotionId={promotion.id} onChange={onChange} />
          <GenerateForm promotionId={promotion.id} onChange={onChange} />
        </div>
      )}
      {coupons.items.length === 0 ? (
        <EmptyState>No coupon codes.</EmptyState>
      ) : (
        <div className="bo-table-wrap">
          <table className="bo-table">
            <caption className="visually-hidden">
              Coupon codes in alphabetical order, page {coupons.page} of {coupons.totalPages}
            </caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col" className="bo-num">
                  Used
                </th>
                {!readOnly && <th scope="col">Actions</th>}
              </tr>
            </thead>
            <tbody>
              {coupons.items.map((coupon) => (
                <tr key={coupon.code}>
                  <th scope="row">
                    <code>{coupon.code}</code>
                  </th>
                  <td className="bo-num">{usesText(intl, coupon.timesUsed, coupon.usageLimit)}</td>
                  {!readOnly && (
                    <td>
                      <CouponActions
                        coupon={coupon}
                        last={promotion.active && promotion.couponCount === 1}
                        onChange={onChange}
                      />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function AddCouponForm({ promotionId, onChange }: { promotionId: string; onChange: () => void }) {
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [code, setCode] = useState('');
  const [limit, setLimit] = useState('');
  const [errors, setErrors] = useState<{ code?: string; limit?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const usageLimit = limitOf(limit);
    const found = {
      code: code.trim() ? undefined : REQUIRED,
      limit: usageLimit === undefined ? LIMIT_ERROR : undefined,
    };
    setErrors(found);
    if (found.code || found.limit) {
      focusFirstInvalid(formRef);
      return;
    }
    setBusy(true);
    try {
      const added = (await request(AddCoupon, { input: { promotionId, code: code.trim(), usageLimit } })).addCoupon;
      toast.show(`${added.codes[0]} is added.`, { tone: 'success' });
      setCode('');
      setLimit('');
      onChange();
    } catch (caught) {
      const message = messageOf(caught);
      const field =
        caught instanceof ApiError
          ? fieldOfMessage(message, { 'Coupon code': 'code', 'Usage limit': 'limit' } as const)
          : null;
      setErrors(field ? { [field]: message } : { form: message });
      if (field) focusFirstInvalid(formRef);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} className="bo-subform" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="add-coupon">
      <h3 id="add-coupon">Add a code</h3>
      <Field
        label="Coupon code"
        hint="3 to 32 letters, digits, hyphens or underscores"
        name="code"
        autoCapitalize="characters"
        value={code}
        error={errors.code}
        required
        onChange={(event) => setCode(event.target.value)}
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
        Add code
      </Button>
    </form>
  );
}

function GenerateForm({ promotionId, onChange }: { promotionId: string; onChange: () => void }) {
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

/** Change the usage limit (in a dialog) or remove an unused code. */
function CouponActions({ coupon, last, onChange }: { coupon: Coupon; last: boolean; onChange: () => void }) {
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [limit, setLimit] = useState('');
  const [limitError, setLimitError] = useState<string | null>(null);
  const [running, setRunning] = useState<'limit' | 'remove' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const open = () => {
    setLimit(coupon.usageLimit != null ? String(coupon.usageLimit) : '');
    setLimitError(null);
    setEditing(true);
  };

  const saveLimit = async (event: FormEvent) => {
    event.preventDefault();
    if (running) return;
    const usageLimit = limitOf(limit);
    if (usageLimit === undefined) {
      setLimitError(LIMIT_ERROR);
      return;
    }
    setRunning('limit');
    setLimitError(null);
    try {
      await request(SetCouponUsageLimit, { code: coupon.code, usageLimit });
      setEditing(false);
      toast.show(`The usage limit of ${coupon.code} is saved.`, { tone: 'success' });
      onChange();
    } catch (caught) {
      setLimitError(messageOf(caught));
    } finally {
      setRunning(null);
    }
  };

  const remove = async () => {
    if (running) return;
    setRunning('remove');
    setError(null);
    try {
      await request(RemoveCoupon, { code: coupon.code });
      toast.show(`${coupon.code} is removed.`, { tone: 'success' });
      onChange();
    } catch (caught) {
      setError(messageOf(caught));
      setRunning(null);
    }
  };

  const why =
    coupon.timesUsed > 0
      ? 'Used codes stay for the record.'
      : last
        ? 'The last code of an active promotion stays: switch the promotion off first.'
        : null;
  return (
    <div className="bo-coupon-actions">
      <Button variant="secondary" onClick={open} aria-label={`Usage limit of ${coupon.code}`}>
        Usage limit
      </Button>
      {why === null ? (
        <Button
          variant="ghost"
          busy={running === 'remove'}
          onClick={() => void remove()}
          aria-label={`Remove ${coupon.code}`}
        >
          Remove
        </Button>
      ) : (
        <span className="bo-muted">{why}</span>
      )}
      {error && (
        <p className="bo-inline-error" role="alert">
          {error}
        </p>
      )}
      <Modal open={editing} onClose={() => setEditing(false)} title={`Usage limit of ${coupon.code}`}>
        <form onSubmit={(e) => void saveLimit(e)} noValidate>
          <Field
            label="Usage limit"
            hint={`${LIMIT_HINT}. Used ${coupon.timesUsed} ${coupon.timesUsed === 1 ? 'time' : 'times'} so far.`}
            name="usageLimit"
            inputMode="numeric"
            value={limit}
            error={limitError ?? undefined}
            onChange={(event) => setLimit(event.target.value)}
          />
          <div className="bo-action-row">
            <Button type="submit" busy={running === 'limit'}>
              Save limit
            </Button>
            <Button variant="secondary" disabled={running !== null} onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      </Modal>
    </div>
  );
}
