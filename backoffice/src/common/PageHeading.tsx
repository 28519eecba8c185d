import { type ReactNode, useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';

/**
 * The page's h1. It takes the focus when the page opens, so a screen reader announces the new page
 * and the keyboard starts from its top, and it names the document.
 */
export function PageHeading({ children, title }: { children: ReactNode; title: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const intl = useIntl();
  const documentTitle = intl.formatMessage(
    { id: 'backoffice.documentTitle', defaultMessage: '{page} · Vela back office' },
    { page: title },
  );
  useEffect(() => {
    document.title = documentTitle;
    ref.current?.focus();
  }, [documentTitle]);
  return (
    <h1 ref={ref} tabIndex={-1} className="bo-page-title">
      {children}
    </h1>
  );
}
