import { useId } from 'react';
import { Download } from 'lucide-react';
import { useIntl } from 'react-intl';
import { buttonClassName } from '@vela/ui/Button';
import { Icon } from '@vela/ui/Icon';
import { useStaff } from '../api/session';
import { PageHeading } from '../common/PageHeading';
import { EmptyState, ErrorMessage } from '../common/ui';
import { ImportForm } from './catalogImport/ImportForm';
import { JobProgress } from './catalogImport/JobProgress';
import { m } from './catalogImport/importMessages';
import { useImportJob } from './catalogImport/useImportJob';

/** Served by the back-office API next to /admin/graphql (commerce/src/backOffice/catalogExportDownload.ts). */
const CATALOG_EXPORT_URL = '/admin/export/catalog.csv';

export function CatalogImportPage() {
  const intl = useIntl();
  const me = useStaff();
  const id = useId();
  const { job, error, busy, start } = useImportJob();
  const title = intl.formatMessage(m.title);
  return (
    <>
      <PageHeading title={title}>{title}</PageHeading>
      <p>{intl.formatMessage(m.intro)}</p>
      {me.role === 'VIEWER' ? (
        <p className="bo-notice">{intl.formatMessage(m.readOnly)}</p>
      ) : (
        <ImportForm busy={busy} onStart={start} />
      )}
      {error && <ErrorMessage>{error}</ErrorMessage>}
      <section aria-labelledby={`${id}-progress`} className="bo-card">
        <h2 id={`${id}-progress`}>{intl.formatMessage(m.progress)}</h2>
        {job ? <JobProgress job={job} /> : <EmptyState>{intl.formatMessage(m.noJob)}</EmptyState>}
      </section>
      <section aria-labelledby={`${id}-export`} className="bo-card">
        <h2 id={`${id}-export`}>{intl.formatMessage(m.export)}</h2>
        <p id={`${id}-export-hint`}>{intl.formatMessage(m.exportHint)}</p>
        {/* A plain link: the browser streams the file to disk and shows its own progress. */}
        <a
          className={buttonClassName('secondary')}
          href={CATALOG_EXPORT_URL}
          download
          aria-describedby={`${id}-export-hint`}
        >
          <Icon icon={Download} size={18} />
          {intl.formatMessage(m.download)}
        </a>
      </section>
    </>
  );
}
