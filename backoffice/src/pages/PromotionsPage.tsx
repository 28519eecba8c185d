import { Plus } from 'lucide-react';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { buttonClassName } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { Icon } from '@vela/ui/Icon';
import { Select } from '@vela/ui/Select';
import { graphql } from '../__generated__';
import type { PromotionsQuery as PromotionsResult } from '../__generated__/graphql';
import { useStaff } from '../api/session';
import { useQuery } from '../api/useQuery';
import type { Column } from '../common/list/DataTable';
import { FilterForm } from '../common/list/FilterForm';
import { type ListMessages, ListResults } from '../common/list/ListResults';
import { oneOf, useListFilters } from '../common/list/useListFilters';
import { PageHeading } from '../common/PageHeading';
import { StateBadge } from '../common/ui';
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

const listMessages: ListMessages = defineMessages({
  loading: { id: 'backoffice.promotions.loading', defaultMessage: 'Loading promotions…' },
  count: {
    id: 'backoffice.promotions.count',
    defaultMessage: '{count, plural, one {{count} promotion} other {{count} promotions}}',
  },
  countFiltered: {
    id: 'backoffice.promotions.countFiltered',
    defaultMessage:
      '{count, plural, one {{count} promotion matches the filters} other {{count} promotions match the filters}}',
  },
  none: { id: 'backoffice.promotions.none', defaultMessage: 'No promotions yet.' },
  noneMatch: { id: 'backoffice.promotions.noneMatch', defaultMessage: 'No promotion matches these filters.' },
  caption: {
    id: 'backoffice.promotions.caption',
    defaultMessage: 'Promotions, newest first, page {page} of {totalPages}',
  },
  pages: { id: 'backoffice.promotions.pages', defaultMessage: 'Promotion pages' },
});

export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <StateBadge on={active}>
      {active ? (
        <FormattedMessage id="backoffice.promotions.active" defaultMessage="Active" />
      ) : (
        <FormattedMessage id="backoffice.promotions.inactive" defaultMessage="Inactive" />
      )}
    </StateBadge>
  );
}

type PromotionRow = PromotionsResult['promotions']['items'][number];

const readFilters = (params: URLSearchParams) => ({
  q: params.get('q') ?? '',
  state: oneOf(['active', 'inactive'] as const, params.get('state')),
});

function usePromotionColumns(): Column<PromotionRow>[] {
  const intl = useIntl();
  return [
    {
      key: 'name',
      header: <FormattedMessage id="backoffice.promotions.name" defaultMessage="Name" />,
      rowHeader: true,
      cell: (rule) => <Link to={`/promotions/${encodeURIComponent(rule.id)}`}>{rule.name}</Link>,
    },
    {
      key: 'label',
      header: <FormattedMessage id="backoffice.promotions.label" defaultMessage="Label for shoppers" />,
      cell: (rule) => rule.label,
    },
    {
      key: 'discount',
      header: <FormattedMessage id="backoffice.promotions.discount" defaultMessage="Discount" />,
      cell: (rule) => discountText(intl, rule),
    },
    {
      key: 'coupons',
      header: <FormattedMessage id="backoffice.promotions.coupons" defaultMessage="Coupons" />,
      numeric: true,
      cell: (rule) =>
        rule.couponCount === 0 ? (
          <FormattedMessage id="backoffice.promotions.automatic" defaultMessage="None: automatic" />
        ) : (
          rule.couponCount
        ),
    },
    {
      key: 'used',
      header: <FormattedMessage id="backoffice.promotions.used" defaultMessage="Used" />,
      numeric: true,
      cell: (rule) => usesText(intl, rule.timesUsed, rule.usesLimit),
    },
    {
      key: 'dates',
      header: <FormattedMessage id="backoffice.promotions.dates" defaultMessage="Dates" />,
      cell: (rule) => datesText(intl, rule.fromDate, rule.toDate),
    },
    {
      key: 'state',
      header: <FormattedMessage id="backoffice.promotions.state" defaultMessage="State" />,
      cell: (rule) => <ActiveBadge active={rule.active} />,
    },
  ];
}

export function PromotionsPage() {
  const intl = useIntl();
  const me = useStaff();
  const filters = useListFilters(readFilters);
  const { q, state } = filters.current;
  const { data, error, loading, refetch } = useQuery(PromotionsQuery, {
    filter: { search: q || null, active: state === '' ? null : state === 'active' },
    page: filters.page,
    pageSize: PAGE_SIZE,
  });
  const columns = usePromotionColumns();
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
      <FilterForm
        label={intl.formatMessage({ id: 'backoffice.promotions.searchLabel', defaultMessage: 'Search promotions' })}
        filtered={filters.filtered}
        onSubmit={filters.apply}
        onClear={filters.clear}
      >
        <Field
          label={intl.formatMessage({ id: 'backoffice.filters.search', defaultMessage: 'Search' })}
          hint={intl.formatMessage({
            id: 'backoffice.promotions.searchHint',
            defaultMessage: 'Name, label or coupon code',
          })}
          type="search"
          {...filters.bind('q')}
        />
        <Select
          label={intl.formatMessage({ id: 'backoffice.promotions.state', defaultMessage: 'State' })}
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
          {...filters.bind('state')}
        />
      </FilterForm>
      <ListResults
        list={data?.promotions}
        loading={loading}
        error={error}
        onRetry={refetch}
        messages={listMessages}
        columns={columns}
        rowKey={(rule) => rule.id}
        filtered={filters.filtered}
      />
    </>
  );
}
