import type { ReactNode } from 'react';
import { Button } from '@vela/ui/Button';
import { Spinner } from '@vela/ui/Spinner';
import { STATUS_LABELS } from './format';

/** An error the user should read: announced at once, and how to try again when it helps. */
export function ErrorMessage({ children, onRetry }: { children: ReactNode; onRetry?: () => void }) {
  return (
    <div className="bo-error" role="alert">
      <p>{children}</p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          Try again
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
  return <span className={`bo-badge bo-badge-${status.toLowerCase()}`}>{STATUS_LABELS[status] ?? status}</span>;
}
