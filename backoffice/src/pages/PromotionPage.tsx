import { ArrowLeft } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { focusFirstInvalid } from '@vela/ui/focusFirstInvalid';
import { Icon } from '@vela/ui/Icon';
import { Modal } from '@vela/ui/Modal';
import { Select } from '@vela/ui/Select';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../__generated__';
import type { AdminPromotionAction, AdminPromotionFieldsFragment } from '../__generated__/graphql';
import { ApiError, request } from '../api/client';
import { useStaff } from '../api/session';
import { useQuery } from '../api/useQuery';
import { PageHeading } from '../common/PageHeading';
import { Pager, pageFrom } from '../common/Pager';
import { EmptyState, ErrorMessage, Loading } from '../common/ui';
import { CouponsSection } from './PromotionCoupons';
import { ActiveBadge } from './PromotionsPage';
import { messageOf } from '../common/errorText';
import { datesText, discountText, fieldOfMessage, usesText } from './promotionText';

graphql(`
  fragment AdminPromotionFields on AdminPromotion {
    id
    name
    label
    action
    percent
    fixedAmount {
      value
      currency
    }
    minSubtotal {
      value
      currency
    }
    fromDate
    toDate
    usesLimit
    timesUsed
    sortOrder
    active
    couponCount
    couponUses
  }
`);

const PromotionQuery = graphql(`
  query AdminPromotion($id: ID!, $couponPage: Int, $couponPageSize: Int) {
    promotion(id: $id) {
      ...AdminPromotionFields
      coupons(page: $couponPage, pageSize: $couponPageSize) {
        items {
          code
          usageLimit
          timesUsed
        }
        totalCount
        page
        totalPages
      }
    }
  }
`);

const CreatePromotion = graphql(`
  mutation CreatePromotion($input: AdminNewPromotionInput!) {
    createPromotion(input: $input) {
      ...AdminPromotionFields
    }
  }
`);

const UpdatePromotion = graphql(`
  mutation UpdatePromotion($id: ID!, $input: AdminPromotionInput!) {
    updatePromotion(id: $id, input: $input) {
      ...AdminPromotionFields
    }
  }
`);

const SetPromotionActive = graphql(`
  mutation SetPromotionActive($id: ID!, $active: Boolean!) {
    setPromotionActive(id: $id, active: $active) {
      ...AdminPromotionFields
    }
  }
`);

const DeletePromotion = graphql(`
  mutation DeletePromotion($id: ID!) {
    deletePromotion(id: $id)
  }
`);

type Promotion = AdminPromotionFieldsFragment;
const COUPON_PAGE_SIZE = 50;
const REQUIRED = 'This field is required';

type FieldName =
  | 'name'
  | 'label'
  | 'action'
  | 'amount'
  | 'minSubtotal'
  | 'fromDate'
  | 'toDate'
  | 'usesLimit'
  | 'sortOrder'
  | 'couponCode';

/** The server starts each refusal with the field's label ("Amount: …"); the form shows it there. */
const FIELD_OF_LABEL: Record<string, FieldName> = {
  Name: 'name',
  Label: 'label',
  Discount: 'action',
  Amount: 'amount',
  'Minimum subtotal': 'minSubtotal',
  Starts: 'fromDate',
  Ends: 'toDate',
  'Uses limit': 'usesLimit',
  'Sort order': 'sortOrder',
  'Coupon code': 'couponCode',
};

interface Draft {
  name: string;
  label: string;
  action: AdminPromotionAction;
  amount: string;
  minSubtotal: string;
  fromDate: string;
  toDate: string;
  usesLimit: string;
  sortOrder: string;
  active: boolean;
  couponCode: string;
}

function draftOf(promotion: Promotion | null): Draft {
  return {
    name: promotion?.name ?? '',
    label: promotion?.label ?? '',
    action: promotion?.action ?? 'BY_PERCENT',
    amount:
      promotion?.action === 'BY_PERCENT'
        ? String(promotion.percent ?? '')
        : promotion?.action === 'CART_FIXED'
          ? String(promotion.fixedAmount?.value ?? '')
          : '',
    minSubtotal: promotion && promotion.minSubtotal.value > 0 ? String(promotion.minSubtotal.value) : '',
    fromDate: promotion?.fromDate ?? '',
    toDate: promotion?.toDate ?? '',
    usesLimit: promotion?.usesLimit != null ? String(promotion.usesLimit) : '',
    sortOrder: promotion ? String(promotion.sortOrder) : '0',
    active: promotion?.active ?? true,
    couponCode: '',
  };
}

function BackLink() {
  return (
    <p className="bo-back">
      <Link to="/promotions">
        <Icon icon={ArrowLeft} size={18} />
        All promotions
      </Link>
    </p>
  );
}

export function PromotionPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const couponPage = pageFrom(params);
  const { data, error, loading, refetch, setData } = useQuery(PromotionQuery, {
    id,
    couponPage,
    couponPageSize: COUPON_PAGE_SIZE,
  });
  const promotion = data?.promotion;
  const title = promotion?.name ?? 'Promotion';
  return (
    <>
      <BackLink />
      <PageHeading title={title}>
        {title} {promotion && <ActiveBadge active={promotion.active} />}
      </PageHeading>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!data && loading && <Loading label="Loading the promotion…" />}
      {data && !promotion && <EmptyState>There is no such promotion. Find it in the list.</EmptyState>}
      {data && promotion && (
        <div className="bo-promotion">
          <StatusCard promotion={promotion} onChange={(next) => setData({ promotion: { ...promotion, ...next } })} />
          <PromotionForm
            key={promotion.id}
            promotion={promotion}
            onSaved={(next) => setData({ promotion: { ...promotion, ...next } })}
          />
          <CouponsSection promotion={promotion} coupons={promotion.coupons} onChange={refetch} />
          <Pager page={promotion.coupons.page} totalPages={promotion.coupons.totalPages} label="Coupon pages" />
        </div>
      )}
    </>
  );
}

export function NewPromotionPage() {
  const navigate = useNavigate();
  const me = useStaff();
  return (
    <>
      <BackLink />
      <PageHeading title="New promotion">New promotion</PageHeading>
      {me.role === 'VIEWER' ? (
        <p className="bo-notice">Your role can read promotions but not create them.</p>
      ) : (
        <PromotionForm
          promotion={null}
          onSaved={(next) => void navigate(`/promotions/${encodeURIComponent(next.id)}`)}
        />
      )}
    </>
  );
}

/** State, uses and the actions on the whole rule: switch on or off, delete an unused one. */
function StatusCard({ promotion, onChange }: { promotion: Promotion; onChange: (next: Promotion) => void }) {
  const intl = useIntl();
  const me = useStaff();
  const toast = useToast();
  const navigate = useNavigate();
  const [running, setRunning] = useState<'active' | 'delete' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const used = promotion.timesUsed > 0 || promotion.couponUses > 0;

  const toggle = async () => {
    if (running) return;
    setRunning('active');
    setError(null);
    try {
      const next = (await request(SetPromotionActive, { id: promotion.id, active: !promotion.active }))
        .setPromotionActive;
      onChange(next);
      toast.show(next.active ? 'The promotion is active.' : 'The promotion is switched off.', { tone: 'success' });
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setRunning(null);
    }
  };

  const remove = async () => {
    if (running) return;
    setRunning('delete');
    setError(null);
    try {
      await request(DeletePromotion, { id: promotion.id });
      toast.show(`“${promotion.name}” is deleted.`, { tone: 'success' });
      void navigate('/promotions');
    } catch (caught) {
      setError(messageOf(caught));
      setRunning(null);
    }
  };

  return (
    <section aria-labelledby="promotion-status" className="bo-card">
      <h2 id="promotion-status">Status and use</h2>
      <dl className="bo-promotion-facts">
        <dt>State</dt>
        <dd>{promotion.active ? 'Active: shoppers get it when the cart qualifies' : 'Inactive: nobody gets it'}</dd>
        <dt>Discount</dt>
        <dd>{discountText(intl, promotion)}</dd>
        <dt>Dates</dt>
        <dd>{datesText(intl, promotion.fromDate, promotion.toDate)}</dd>
        <dt>Orders that used it</dt>
        <dd>{usesText(intl, promotion.timesUsed, promotion.usesLimit)}</dd>
        <dt>Coupon codes</dt>
        <dd>
          {promotion.couponCount === 0
            ? 'None: the discount applies by itself to every cart that qualifies'
            : `${intl.formatNumber(promotion.couponCount)}, used ${intl.formatNumber(promotion.couponUses)} ${promotion.couponUses === 1 ? 'time' : 'times'} in all`}
        </dd>
      </dl>
      {me.role === 'VIEWER' ? (
        <p className="bo-notice">Your role can read promotions but not change them.</p>
      ) : (
        <div className="bo-action-row">
          <Button
            variant={promotion.active ? 'secondary' : 'primary'}
            busy={running === 'active'}
            onClick={() => void toggle()}
          >
            {promotion.active ? 'Switch off' : 'Switch on'}
          </Button>
          {!used && (
            <Button variant="ghost" disabled={running !== null} onClick={() => setConfirming(true)}>
              Delete promotion
            </Button>
          )}
        </div>
      )}
      {used && me.role !== 'VIEWER' && (
        <p className="bo-muted">Orders used this promotion, so it stays for the record: switch it off instead.</p>
      )}
      {error && !confirming && (
        <p className="bo-inline-error" role="alert">
          {error}
        </p>
      )}
      <Modal open={confirming} onClose={() => setConfirming(false)} title={`Delete “${promotion.name}”?`}>
        <p>The promotion and its coupon codes are removed. Carts that carry one of its codes lose the discount.</p>
        {error && (
          <p className="bo-inline-error" role="alert">
            {error}
          </p>
        )}
        <div className="bo-action-row">
          <Button busy={running === 'delete'} onClick={() => void remove()}>
            Yes, delete it
          </Button>
          <Button variant="secondary" disabled={running !== null} onClick={() => setConfirming(false)}>
            Keep it
          </Button>
        </div>
      </Modal>
    </section>
  );
}

function PromotionForm({ promotion, onSaved }: { promotion: Promotion | null; onSaved: (next: Promotion) => void }) {
  const me = useStaff();
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const readOnly = me.role === 'VIEWER';
  const creating = promotion === null;
  const currency = promotion?.minSubtotal.currency ?? 'USD';
  const [draft, setDraft] = useState<Draft>(() => draftOf(promotion));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const number = (value: string) => Number(value.trim().replace(',', '.'));
  const validate = (): Partial<Record<FieldName, string>> => {
    const found: Partial<Record<FieldName, string>> = {};
    if (!draft.name.trim()) found.name = REQUIRED;
    if (!draft.label.trim()) found.label = REQUIRED;
    if (draft.action !== 'FREE_SHIPPING') {
      const amount = number(draft.amount);
      if (!draft.amount.trim()) found.amount = REQUIRED;
      else if (!Number.isFinite(amount) || amount <= 0)
        found.amount = draft.action === 'BY_PERCENT' ? 'Enter a percentage such as 10.' : 'Enter an amount such as 5.';
      else if (draft.action === 'BY_PERCENT' && amount > 100) found.amount = 'A percentage is at most 100.';
    }
    if (draft.minSubtotal.trim() && !(number(draft.minSubtotal) >= 0))
      found.minSubtotal = 'Enter an amount such as 50, or leave it empty.';
    if (draft.fromDate && draft.toDate && draft.toDate < draft.fromDate)
      found.toDate = 'The end must be on or after the start.';
    if (draft.usesLimit.trim() && !/^[1-9]\d*$/.test(draft.usesLimit.trim()))
      found.usesLimit = 'Enter a whole number, 1 or more, or leave it empty for no limit.';
    if (!/^-?\d+$/.test(draft.sortOrder.trim())) found.sortOrder = 'Enter a whole number such as 0.';
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || readOnly) return;
    const found = validate();
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef);
      return;
    }
    const input = {
      name: draft.name.trim(),
      label: draft.label.trim(),
      action: draft.action,
      amount: draft.action === 'FREE_SHIPPING' ? null : number(draft.amount),
      minSubtotal: draft.minSubtotal.trim() ? number(draft.minSubtotal) : 0,
      fromDate: draft.fromDate || null,
      toDate: draft.toDate || null,
      usesLimit: draft.usesLimit.trim() ? Number(draft.usesLimit.trim()) : null,
      sortOrder: Number(draft.sortOrder.trim()),
      // The state is switched in the status card; an edit keeps what the rule has now.
      active: creating ? draft.active : promotion.active,
    };
    setSaving(true);
    try {
      const saved = creating
        ? (await request(CreatePromotion, { input: { ...input, couponCode: draft.couponCode.trim() || null } }))
            .createPromotion
        : (await request(UpdatePromotion, { id: promotion.id, input })).updatePromotion;
      toast.show(creating ? 'The promotion is created.' : 'The promotion is saved.', { tone: 'success' });
      onSaved(saved);
    } catch (caught) {
      const message = messageOf(caught);
      const field =
        caught instanceof ApiError && caught.category === 'graphql-input'
          ? fieldOfMessage(message, FIELD_OF_LABEL)
          : null;
      if (field) {
        setErrors({ [field]: message });
        focusFirstInvalid(formRef);
      } else setFormError(message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form ref={formRef} className="bo-promotion-form" onSubmit={(e) => void submit(e)} noValidate>
      <section aria-labelledby="promotion-rule" className="bo-card">
        <h2 id="promotion-rule">{creating ? 'The rule' : 'Edit the rule'}</h2>
        <div className="bo-form-row">
          <Field
            label="Name"
            hint="For staff only"
            name="name"
            value={draft.name}
            error={errors.name}
            required
            readOnly={readOnly}
            onChange={(event) => set('name', event.target.value)}
          />
          <Field
            label="Label"
            hint="Shown to shoppers in the cart"
            name="label"
            value={draft.label}
            error={errors.label}
            required
            readOnly={readOnly}
            onChange={(event) => set('label', event.target.value)}
          />
        </div>
        <div className="bo-form-row">
          <Select
            label="Discount"
            name="action"
            options={[
              { value: 'BY_PERCENT', label: 'A percentage off' },
              { value: 'CART_FIXED', label: `A fixed amount off (${currency})` },
              { value: 'FREE_SHIPPING', label: 'Free shipping' },
            ]}
            value={draft.action}
            error={errors.action}
            disabled={readOnly}
            onChange={(event) => set('action', event.target.value as AdminPromotionAction)}
          />
          {draft.action !== 'FREE_SHIPPING' && (
            <Field
              label={draft.action === 'BY_PERCENT' ? 'Amount (%)' : `Amount (${currency})`}
              hint={draft.action === 'BY_PERCENT' ? 'More than 0, at most 100' : 'Taken off the cart'}
              name="amount"
              inputMode="decimal"
              value={draft.amount}
              error={errors.amount}
              required
              readOnly={readOnly}
              onChange={(event) => set('amount', event.target.value)}
            />
          )}
          <Field
            label={`Minimum subtotal (${currency})`}
            hint="Empty: any cart"
            name="minSubtotal"
            inputMode="decimal"
            value={draft.minSubtotal}
            error={errors.minSubtotal}
            readOnly={readOnly}
            onChange={(event) => set('minSubtotal', event.target.value)}
          />
        </div>
        <div className="bo-form-row">
          <Field
            label="Starts"
            hint="Empty: at once"
            type="date"
            name="fromDate"
            value={draft.fromDate}
            error={errors.fromDate}
            readOnly={readOnly}
            onChange={(event) => set('fromDate', event.target.value)}
          />
          <Field
            label="Ends"
            hint="The last day; empty: no end"
            type="date"
            name="toDate"
            value={draft.toDate}
            error={errors.toDate}
            readOnly={readOnly}
            onChange={(event) => set('toDate', event.target.value)}
          />
          <Field
            label="Uses limit"
            hint="Orders in all; empty: no limit"
            name="usesLimit"
            inputMode="numeric"
            value={draft.usesLimit}
            error={errors.usesLimit}
            readOnly={readOnly}
            onChange={(event) => set('usesLimit', event.target.value)}
          />
          <Field
            label="Sort order"
            hint="Lower applies first"
            name="sortOrder"
            inputMode="numeric"
            value={draft.sortOrder}
            error={errors.sortOrder}
            readOnly={readOnly}
            onChange={(event) => set('sortOrder', event.target.value)}
          />
        </div>
        {creating && (
          <Field
            label="Coupon code"
            hint="Shoppers enter it in the cart. Leave it empty only for a discount everyone gets."
            name="couponCode"
            autoCapitalize="characters"
            value={draft.couponCode}
            error={errors.couponCode}
            onChange={(event) => set('couponCode', event.target.value)}
          />
        )}
        {creating && (
          <label className="bo-check">
            <input
              type="checkbox"
              name="active"
              checked={draft.active}
              onChange={(event) => set('active', event.target.checked)}
            />
            Active: shoppers get it as soon as it is saved
          </label>
        )}
      </section>
      {formError && <ErrorMessage>{formError}</ErrorMessage>}
      {!readOnly && (
        <p>
          <Button type="submit" busy={saving}>
            {creating ? 'Create promotion' : 'Save changes'}
          </Button>
        </p>
      )}
    </form>
  );
}
