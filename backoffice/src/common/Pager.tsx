import { FormattedMessage } from 'react-intl';
import { Link, useLocation } from 'react-router';

/** Previous / next links that keep the rest of the query string; the page number lives in the URL. */
export function Pager({ page, totalPages, label }: { page: number; totalPages: number; label: string }) {
  const location = useLocation();
  if (totalPages <= 1) return null;
  const previous = <FormattedMessage id="backoffice.pager.previous" defaultMessage="Previous page" />;
  const next = <FormattedMessage id="backoffice.pager.next" defaultMessage="Next page" />;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target <= 1) params.delete('page');
    else params.set('page', String(target));
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ''}`;
  };
  return (
    <nav className="bo-pager" aria-label={label}>
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev">
          {previous}
        </Link>
      ) : (
        <span aria-hidden="true" className="bo-pager-off">
          {previous}
        </span>
      )}
      <span>
        <FormattedMessage
          id="backoffice.pager.position"
          defaultMessage="Page {page} of {totalPages}"
          values={{ page, totalPages }}
        />
      </span>
      {page < totalPages ? (
        <Link to={hrefFor(page + 1)} rel="next">
          {next}
        </Link>
      ) : (
        <span aria-hidden="true" className="bo-pager-off">
          {next}
        </span>
      )}
    </nav>
  );
}

/** A positive page number from the query string; 1 when absent or nonsense. */
export function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}
