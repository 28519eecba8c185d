import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Icon } from '@vela/ui/Icon';
import { graphql } from '../__generated__';
import { useStaff } from '../api/session';
import { useQuery } from '../api/useQuery';
import { PageHeading } from '../common/PageHeading';
import { Pager, pageFrom } from '../common/Pager';
import { EmptyState, ErrorMessage, Loading } from '../common/ui';
import { CouponsSection } from './PromotionCoupons';
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
