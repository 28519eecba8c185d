import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
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
      {active ? (
        <FormattedMessage id="backoffice.promotions.active" defaultMessage="Active" />
      ) : (
        <FormattedMessage id="backoffice.promotions.inactive" defaultMessage="Inactive" />
      )}
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
  const loadingLabel = intl.formatMessage({
    id: 'backoffice.promotions.loading',
    defaultMessage: 'Loading promotions…',
  });
  return (
    <>
      <PageHeading title={intl.formatMessage({ id: 'backoffice.promotions.title', defaultMessage: 'Promotions' })}>
        <FormattedMessage id="backoffice.promotions.title" defaultMessage="Promotions" />
      </PageHeading>
      <p className="bo-muted">
        <FormattedMessage
          id="backoffice.promotions.intro"
          defaultMessage="Cart price rules: a discount on the cart, for everyone or for those who enter one of the rule's coupon codes."
        />
      </p>
      {me.role !== 'VIEWER' && (
        <p>
          <Link to="/promotions/new" className={buttonClassName('secondary')}>
            <Icon icon={Plus} size={18} />
            <FormattedMessage id="backoffice.promotions.new" defaultMessage="New promotion" />
          </Link>
        </p>
      )}
      <form
        className="bo-filters"
        onSubmit={apply}
        role="search"
        aria-label={intl.formatMessage({
          id: 'backoffice.promotions.searchLabel',
          defaultMessage: 'Search promotions',
        })}
      >
        <Field
          label={intl.formatMessage({ id: 'backoffice.filters.search', defaultMessage: 'Search' })}
          hint={intl.formatMessage({
            id: 'backoffice.promotions.searchHint',
            defaultMessage: 'Name, label or coupon code',
          })}
          type="search"
          name="q"
          value={draft.search}
          onChange={(event) => setDraft({ ...draft, search: event.target.value })}
        />
        <Select
          label={intl.formatMessage({ id: 'backoffice.promotions.state', defaultMessage: 'State' })}
          name="state"
          placeholder={intl.formatMessage({ id: 'backoffice.promotions.anyState', defaultMessage: 'Any state' })}
          options={[
            {
              value: 'active',
              label: intl.formatMessage({ id: 'backoffice.promotions.active', defaultMessage: 'Active' }),
            },
            {
              value: 'inactive',
              label: intl.formatMessage({ id: 'backoffice.promotions.inactive', defaultMessage: 'Inactive' }),
            },
          ]}
          value={draft.state}
          onChange={(event) => setDraft({ ...draft, state: event.target.value })}
        />
        <div className="bo-filter-actions">
          <Button type="submit">
            <FormattedMessage id="backoffice.filters.apply" defaultMessage="Apply filters" />
          </Button>
          {filtered && (
            <Button variant="ghost" onClick={() => setParams(new URLSearchParams())}>
              <FormattedMessage id="backoffice.filters.clear" defaultMessage="Clear filters" />
            </Button>
          )}
        </div>
      </form>

      <p className="bo-count" role="status" aria-live="polite">
        {loading
          ? loadingLabel
          : promotions
            ? filtered
              ? intl.formatMessage(
                  {
                    id: 'backoffice.promotions.countFiltered',
                    defaultMessage:
                      '{count, plural, one {{count} promotion matches the filters} other {{count} promotions match the filters}}',
                  },
                  { count: promotions.totalCount },
                )
              : intl.formatMessage(
                  {
                    id: 'backoffice.promotions.count',
                    defaultMessage: '{count, plural, one {{count} promotion} other {{count} promotions}}',
                  },
                  { count: promotions.totalCount },
                )
            : ''}
      </p>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!promotions && loading && <Loading label={loadingLabel} />}
      {promotions && promotions.items.length === 0 && (
        <EmptyState>
          {filtered ? (
            <FormattedMessage
              id="backoffice.promotions.noneMatch"
              defaultMessage="No promotion matches these filters."
            />
          ) : (
            <FormattedMessage id="backoffice.promotions.none" defaultMessage="No promotions yet." />
          )}
        </EmptyState>
      )}
      {promotions && promotions.items.length > 0 && (
        <div className="bo-table-wrap" aria-busy={loading}>
          <table className="bo-table">
            <caption className="visually-hidden">
              <FormattedMessage
                id="backoffice.promotions.caption"
                defaultMessage="Promotions, newest first, page {page} of {totalPages}"
                values={{ page: promotions.page, totalPages: promotions.totalPages }}
              />
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <FormattedMessage id="backoffice.promotions.name" defaultMessage="Name" />
                </th>
                <th scope="col">
                  <FormattedMessage id="backoffice.promotions.label" defaultMessage="Label for shoppers" />
                </th>
                <th scope="col">
                  <FormattedMessage id="backoffice.promotions.discount" defaultMessage="Discount" />
                </th>
                <th scope="col" className="bo-num">
                  <FormattedMessage id="backoffice.promotions.coupons" defaultMessage="Coupons" />
                </th>
                <th scope="col" className="bo-num">
                  <FormattedMessage id="backoffice.promotions.used" defaultMessage="Used" />
                </th>
                <th scope="col">
                  <FormattedMessage id="backoffice.promotions.dates" defaultMessage="Dates" />
                </th>
                <th scope="col">
                  <FormattedMessage id="backoffice.promotions.state" defaultMessage="State" />
                </th>
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
                  <td className="bo-num">
                    {rule.couponCount === 0 ? (
                      <FormattedMessage id="backoffice.promotions.automatic" defaultMessage="None: automatic" />
                    ) : (
                      rule.couponCount
                    )}
                  </td>
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
      {promotions && (
        <Pager
          page={promotions.page}
          totalPages={promotions.totalPages}
          label={intl.formatMessage({ id: 'backoffice.promotions.pages', defaultMessage: 'Promotion pages' })}
        />
      )}
    </>
  );
}
