import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClassName } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { Icon } from '@vela/ui/Icon';
import { Select } from '@vela/ui/Select';
import { graphql } from '../__generated__';
import { useStaff } from '../api/session';
import { useQuery } from '../api/useQuery';
import { PageHeading } from '../common/PageHeading';
import { Pager, pageFrom } from '../common/Pager';
import { EmptyState, ErrorMessage, Loading } from '../common/ui';
import { datesText, discountText, usesText } from './promotionText';

const PromotionsQuery = graphql(`
  query Promotions($filter: AdminPromotionFilter, $page: Int, $pageSize: Int) {
    promotions(filter: $filter, page: $page, pageSize: $pageSize) {
      items {
        id
        name
        label
        action
        percent
        fixedAmount {
          value
          currency
        }
        fromDate
        toDate
        usesLimit
        timesUsed
        active
        couponCount
      }
      totalCount
      page
      pageSize
      totalPages
    }
  }
`);

const PAGE_SIZE = 20;

export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <span className={`bo-badge ${active ? 'bo-badge-complete' : 'bo-badge-canceled'}`}>
      {active ? 'Active' : 'Inactive'}
    </span>
  );
}

export function PromotionsPage() {
  const intl = useIntl();
  const me = useStaff();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const stateParam = params.get('state');
  const state = stateParam === 'active' || stateParam === 'inactive' ? stateParam : '';
  const page = pageFrom(params);
  const filtered = Boolean(search || state);
  const { data, error, loading, refetch } = useQuery(PromotionsQuery, {
    filter: { search: search || null, active: state === '' ? null : state === 'active' },
    page,
    pageSize: PAGE_SIZE,
  });

  const [draft, setDraft] = useState<{ search: string; state: string }>({ search, state });
  const [draftKey, setDraftKey] = useState(params.toString());
  // Back / forward changed the URL: the form shows what the list shows.
  if (draftKey !== params.toString()) {
    setDraftKey(params.toString());
    setDraft({ search, state });
  }

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (draft.search.trim()) next.set('q', draft.search.trim());
    if (draft.state) next.set('state', draft.state);
    setParams(next);
  };

  const promotions = data?.promotions;
  return (
    <>
      <PageHeading title="Promotions">Promotions</PageHeading>
      <p className="bo-muted">
        Cart price rules: a discount on the cart, for everyone or for those who enter one of the rule&apos;s coupon
        codes.
      </p>
      {me.role !== 'VIEWER' && (
        <p>
          <Link to="/promotions/new" className={buttonClassName('secondary')}>
            <Icon icon={Plus} size={18} />
            New promotion
          </Link>
        </p>
      )}
      <form className="bo-filters" onSubmit={apply} role="search" aria-label="Search promotions">
        <Field
          label="Search"
          hint="Name, label or coupon code"
          type="search"
          name="q"
          value={draft.search}
          onChange={(event) => setDraft({ ...draft, search: event.target.value })}
        />
        <Select
          label="State"
          name="state"
          placeholder="Any state"
          options={[
            { value: 'active', label: 'Active' },
            { value: 'inactive', label: 'Inactive' },
          ]}
          value={draft.state}
          onChange={(event) => setDraft({ ...draft, state: event.target.value })}
        />
        <div className="bo-filter-actions">
          <Button type="submit">Apply filters</Button>
          {filtered && (
            <Button variant="ghost" onClick={() => setParams(new URLSearchParams())}>
              Clear filters
            </Button>
          )}
        </div>
      </form>

      <p className="bo-count" role="status" aria-live="polite">
        {loading
          ? 'Loading promotions…'
          : promotions
            ? `${promotions.totalCount} ${promotions.totalCount === 1 ? 'promotion' : 'promotions'}${filtered ? (promotions.totalCount === 1 ? ' matches the filters' : ' match the filters') : ''}`
            : ''}
      </p>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!promotions && loading && <Loading label="Loading promotions…" />}
      {promotions && promotions.items.length === 0 && (
        <EmptyState>{filtered ? 'No promotion matches these filters.' : 'No promotions yet.'}</EmptyState>
      )}
      {promotions && promotions.items.length > 0 && (
        <div className="bo-table-wrap" aria-busy={loading}>
          <table className="bo-table">
            <caption className="visually-hidden">
              Promotions, newest first, page {promotions.page} of {promotions.totalPages}
            </caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Label for shoppers</th>
                <th scope="col">Discount</th>
                <th scope="col" className="bo-num">
                  Coupons
                </th>
                <th scope="col" className="bo-num">
                  Used
                </th>
                <th scope="col">Dates</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {promotions.items.map((rule) => (
                <tr key={rule.id}>
                  <th scope="row">
                    <Link to={`/promotions/${encodeURIComponent(rule.id)}`}>{rule.name}</Link>
                  </th>
                  <td>{rule.label}</td>
                  <td>{discountText(intl, rule)}</td>
                  <td className="bo-num">{rule.couponCount === 0 ? 'None: automatic' : rule.couponCount}</td>
                  <td className="bo-num">{usesText(intl, rule.timesUsed, rule.usesLimit)}</td>
                  <td>{datesText(intl, rule.fromDate, rule.toDate)}</td>
                  <td>
                    <ActiveBadge active={rule.active} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {promotions && <Pager page={promotions.page} totalPages={promotions.totalPages} label="Promotion pages" />}
    </>
  );
}
