import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { Icon } from '@vela/ui/Icon';
import { Select } from '@vela/ui/Select';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { useQuery } from '../../api/useQuery';
import { messageOf } from '../../common/errorText';
import { ErrorMessage, Loading } from '../../common/ui';

// A product's tier prices (quantity discounts): for a customer group or for all groups, from a
// quantity on, a fixed price each or a percent off the regular price. The list is saved as a
// whole; the server checks it again and refuses it whole when a row is wrong.

const TierPricesQuery = graphql(`
  query AdminTierPrices($sku: String!) {
    productTierPrices(sku: $sku) {
      customerGroupId
      quantity
      fixedPrice
      percentOff
      currency
    }
    customerGroups {
      id
      code
    }
  }
`);

const SetTierPricesMutation = graphql(`
  mutation SetProductTierPrices($sku: String!, $tiers: [TierPriceInput!]!) {
    setProductTierPrices(sku: $sku, tiers: $tiers) {
      customerGroupId
      quantity
      fixedPrice
      percentOff
      currency
    }
  }
`);

const ALL_GROUPS = 'all';

interface Row {
  key: number;
  group: string;
  quantity: string;
  kind: 'fixed' | 'percent';
  amount: string;
}

interface Saved {
  customerGroupId?: string | null;
  quantity: number;
  fixedPrice?: number | null;
  percentOff?: number | null;
}

let nextKey = 1;
const rowOf = (tier: Saved): Row => ({
  key: nextKey++,
  group: tier.customerGroupId ?? ALL_GROUPS,
  quantity: String(tier.quantity),
  kind: tier.percentOff !== null && tier.percentOff !== undefined ? 'percent' : 'fixed',
  amount: String(tier.percentOff ?? tier.fixedPrice ?? ''),
});

export function TierPricesSection({ sku, readOnly }: { sku: string; readOnly: boolean }) {
  const intl = useIntl();
  const toast = useToast();
  const { data, error, loading, refetch } = useQuery(TierPricesQuery, { sku });
  const [rows, setRows] = useState<Row[]>([]);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (data) setRows(data.productTierPrices.map(rowOf));
  }, [data]);
  const groupOptions = [
    {
      value: ALL_GROUPS,
      label: intl.formatMessage({ id: 'backoffice.tiers.allGroups', defaultMessage: 'All groups' }),
    },
    ...(data?.customerGroups ?? []).map((g) => ({ value: g.id, label: g.code })),
  ];
  const currency = data?.productTierPrices[0]?.currency ?? '';
  const update = (key: number, change: Partial<Row>) =>
    setRows((list) => list.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setSaveError(null);
    try {
      const tiers = rows.map((r) => ({
        customerGroupId: r.group === ALL_GROUPS ? null : r.group,
        quantity: Number(r.quantity),
        fixedPrice: r.kind === 'fixed' ? Number(r.amount) : null,
        percentOff: r.kind === 'percent' ? Number(r.amount) : null,
      }));
      const saved = (await request(SetTierPricesMutation, { sku, tiers })).setProductTierPrices;
      setRows(saved.map(rowOf));
      toast.show(intl.formatMessage({ id: 'backoffice.tiers.saved', defaultMessage: 'The tier prices are saved.' }), {
        tone: 'success',
      });
    } catch (caught) {
      setSaveError(messageOf(caught));
    } finally {
      setSaving(false);
    }
  };

  const title = intl.formatMessage({ id: 'backoffice.tiers.title', defaultMessage: 'Tier prices' });
  return (
    <section className="bo-card" aria-labelledby="tier-prices">
      <h2 id="tier-prices">{title}</h2>
      <p className="bo-muted">
        <FormattedMessage
          id="backoffice.tiers.intro"
          defaultMessage="A lower price each from a quantity on, for one customer group or for all. A shopper pays the lowest of the price, the special price and the tier reached."
        />
      </p>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!data && loading && (
        <Loading
          label={intl.formatMessage({ id: 'backoffice.tiers.loading', defaultMessage: 'Loading the tier prices…' })}
        />
      )}
      {data && (
        <form onSubmit={(event) => void save(event)} noValidate>
          {rows.length === 0 && (
            <p>
              <FormattedMessage id="backoffice.tiers.none" defaultMessage="No tier prices." />
            </p>
          )}
          {rows.map((row, index) => (
            <TierRow
              key={row.key}
              row={row}
              n={index + 1}
              readOnly={readOnly}
              groupOptions={groupOptions}
              currency={currency}
              onChange={(change) => update(row.key, change)}
              onRemove={() => setRows((list) => list.filter((r) => r.key !== row.key))}
            />
          ))}
          {saveError && (
            <p className="bo-inline-error" role="alert">
              {saveError}
            </p>
          )}
          {!readOnly && (
            <div className="bo-action-row">
              <Button
                variant="secondary"
                onClick={() =>
                  setRows((list) => [
                    ...list,
                    { key: nextKey++, group: ALL_GROUPS, quantity: '', kind: 'fixed', amount: '' },
                  ])
                }
              >
                <Icon icon={Plus} size={18} />
                <FormattedMessage id="backoffice.tiers.add" defaultMessage="Add a tier" />
              </Button>
              <Button type="submit" busy={saving}>
                <FormattedMessage id="backoffice.tiers.save" defaultMessage="Save the tier prices" />
              </Button>
            </div>
          )}
        </form>
      )}
    </section>
  );
}

/** One tier: its group, least quantity, and a fixed price or a percent off. */
function TierRow({
  row,
  n,
  readOnly,
  groupOptions,
  currency,
  onChange,
  onRemove,
}: {
  row: Row;
  n: number;
  readOnly: boolean;
  groupOptions: Array<{ value: string; label: string }>;
  currency: string;
  onChange: (change: Partial<Row>) => void;
  onRemove: () => void;
}) {
  const intl = useIntl();
  return (
    <fieldset className="bo-form-row" disabled={readOnly}>
      <legend className="visually-hidden">
        <FormattedMessage id="backoffice.tiers.row" defaultMessage="Tier {n}" values={{ n }} />
      </legend>
      <Select
        label={intl.formatMessage({ id: 'backoffice.tiers.group', defaultMessage: 'Customer group' })}
        options={groupOptions}
        value={row.group}
        onChange={(event) => onChange({ group: event.target.value })}
      />
      <Field
        label={intl.formatMessage({ id: 'backoffice.tiers.quantity', defaultMessage: 'From quantity' })}
        inputMode="decimal"
        value={row.quantity}
        onChange={(event) => onChange({ quantity: event.target.value })}
      />
      <Select
        label={intl.formatMessage({ id: 'backoffice.tiers.kind', defaultMessage: 'Price type' })}
        options={[
          {
            value: 'fixed',
            label: intl.formatMessage({ id: 'backoffice.tiers.fixed', defaultMessage: 'Fixed price each' }),
          },
          {
            value: 'percent',
            label: intl.formatMessage({ id: 'backoffice.tiers.percent', defaultMessage: 'Percent off' }),
          },
        ]}
        value={row.kind}
        onChange={(event) => onChange({ kind: event.target.value === 'percent' ? 'percent' : 'fixed' })}
      />
      <Field
        label={
          row.kind === 'percent'
            ? intl.formatMessage({ id: 'backoffice.tiers.percentValue', defaultMessage: 'Percent' })
            : intl.formatMessage(
                { id: 'backoffice.tiers.priceValue', defaultMessage: 'Price {currency}' },
                { currency },
              )
        }
        inputMode="decimal"
        value={row.amount}
        onChange={(event) => onChange({ amount: event.target.value })}
      />
      {!readOnly && (
        <Button
          variant="ghost"
          onClick={onRemove}
          aria-label={intl.formatMessage({ id: 'backoffice.tiers.remove', defaultMessage: 'Remove tier {n}' }, { n })}
        >
          <Icon icon={Trash2} size={18} />
        </Button>
      )}
    </fieldset>
  );
}
