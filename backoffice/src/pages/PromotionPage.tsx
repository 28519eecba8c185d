import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Icon } from '@vela/ui/Icon';
import { graphql } from '../__generated__';
import { useStaff } from '../api/session';
import { useQuery } from '../api/useQuery';
import { PageHeading } from '../common/PageHeading';
import { Pager, pageFrom } from '../common/Pager';
import { EmptyState, ErrorMessage, Loading } from '../common/ui';
import { useT } from '../common/useT';
import { CouponsSection } from './PromotionCoupons';
import { m } from './promotions/promotionMessages';
import { ActiveBadge } from './PromotionsPage';
import { PromotionForm } from './promotions/PromotionForm';
import { StatusCard } from './promotions/StatusCard';

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
    freeQuantity
    discountStep
    discountQty
    conditions
    actionConditions
    customerGroupIds
    usesPerCustomer
    stopRulesProcessing
    freeShipping
    storeLabels {
      storeId
      label
    }
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

const COUPON_PAGE_SIZE = 50;
function BackLink() {
  const t = useT();
  return (
    <p className="bo-back">
      <Link to="/promotions">
        <Icon icon={ArrowLeft} size={18} />
        {t(m.all)}
      </Link>
    </p>
  );
}

export function PromotionPage() {
  const t = useT();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const couponPage = pageFrom(params);
  const { data, error, loading, refetch, setData } = useQuery(PromotionQuery, {
    id,
    couponPage,
    couponPageSize: COUPON_PAGE_SIZE,
  });
  const promotion = data?.promotion;
  const title = promotion?.name ?? t(m.title);
  return (
    <>
      <BackLink />
      <PageHeading title={title}>
        {title} {promotion && <ActiveBadge active={promotion.active} />}
      </PageHeading>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!data && loading && <Loading label={t(m.loading)} />}
      {data && !promotion && <EmptyState>{t(m.missing)}</EmptyState>}
      {data && promotion && (
        <div className="bo-promotion">
          <StatusCard promotion={promotion} onChange={(next) => setData({ promotion: { ...promotion, ...next } })} />
          <PromotionForm
            key={promotion.id}
            promotion={promotion}
            onSaved={(next) => setData({ promotion: { ...promotion, ...next } })}
          />
          <CouponsSection promotion={promotion} coupons={promotion.coupons} onChange={refetch} />
          <Pager page={promotion.coupons.page} totalPages={promotion.coupons.totalPages} label={t(m.couponPages)} />
        </div>
      )}
    </>
  );
}

export function NewPromotionPage() {
  const t = useT();
  const navigate = useNavigate();
  const me = useStaff();
  return (
    <>
      <BackLink />
      <PageHeading title={t(m.newTitle)}>{t(m.newTitle)}</PageHeading>
      {me.role === 'VIEWER' ? (
        <p className="bo-notice">{t(m.cannotCreate)}</p>
      ) : (
        <PromotionForm
          promotion={null}
          onSaved={(next) => void navigate(`/promotions/${encodeURIComponent(next.id)}`)}
        />
      )}
    </>
  );
}
