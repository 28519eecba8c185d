import type { FormEvent, ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '@vela/ui/Button';

/**
 * A list's filters: a search landmark named by `label`, its fields, then the submit button and,
 * while a filter is on, a button that clears them all.
 */
export function FilterForm({
  label,
  filtered,
  onSubmit,
  onClear,
  submitLabel,
  clearLabel,
  children,
}: {
  label: string;
  filtered: boolean;
  onSubmit: (event: FormEvent) => void;
  onClear: () => void;
  submitLabel?: ReactNode;
  clearLabel?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form className="bo-filters" onSubmit={onSubmit} role="search" aria-label={label}>
      {children}
      <div className="bo-filter-actions">
        <Button type="submit">
          {submitLabel ?? <FormattedMessage id="backoffice.filters.apply" defaultMessage="Apply filters" />}
        </Button>
        {filtered && (
          <Button variant="ghost" onClick={onClear}>
            {clearLabel ?? <FormattedMessage id="backoffice.filters.clear" defaultMessage="Clear filters" />}
          </Button>
        )}
      </div>
    </form>
  );
}
