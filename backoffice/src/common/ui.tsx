import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@vela/ui/Button';
import { Spinner } from '@vela/ui/Spinner';
import { statusLabel } from './format';

/** An error the user should read: announced at once, and how to try again when it helps. */
export function ErrorMessage({ children, onRetry }: { children: ReactNode; onRetry?: () => void }) {
  return (
    <div className="bo-error" role="alert">
      <p>{children}</p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          <FormattedMessage id="backoffice.error.retry" defaultMessage="Try again" />
        </Button>
      )}
    </div>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <div className="bo-loading">
      <Spinner label={label} />
      <span aria-hidden="true">{label}</span>
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="bo-empty">{children}</p>;
}

export function StatusBadge({ status }: { status: string }) {
  const intl = useIntl();
  return <span className={`bo-badge bo-badge-${status.toLowerCase()}`}>{statusLabel(intl, status)}</span>;
}

/**
 * An on / off state as a badge (active or not, locked or not): green when on, `offTone` when off;
 * the words are the caller's.
 */
export function StateBadge({
  on,
  children,
  offTone = 'canceled',
}: {
  on: boolean;
  children: ReactNode;
  offTone?: 'canceled' | 'closed';
}) {
  return <span className={`bo-badge ${on ? 'bo-badge-complete' : `bo-badge-${offTone}`}`}>{children}</span>;
}
