import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../../__generated__';
import type { ImportJobFieldsFragment as Job } from '../../__generated__/graphql';
import { ApiError, request, upload } from '../../api/client';
import { messageOf } from '../../common/errorText';
import { m } from './importMessages';

graphql(`
  fragment ImportJobFields on CatalogImportJob {
    id
    fileName
    status
    dryRun
    rowsDone
    rowsTotal
    progress
    error
    report {
      created
      updated
      unchanged
      rejected {
        row
        sku
        reason
      }
      droppedColumns {
        column
        rows
        reason
      }
    }
  }
`);

const StartImportMutation = graphql(`
  mutation StartCatalogImport($file: File!, $images: [File!], $dryRun: Boolean) {
    startCatalogImport(file: $file, images: $images, dryRun: $dryRun) {
      ...ImportJobFields
    }
  }
`);

const ImportJobQuery = graphql(`
  query CatalogImportJob($id: ID!) {
    catalogImport(id: $id) {
      ...ImportJobFields
    }
  }
`);

const POLL_MS = 500;

/**
 * The import started in this visit: `start` uploads the file, then the job is asked for every
 * half second until it finishes or fails. A lost answer is retried at the next tick; a refusal ends it.
 */
export function useImportJob() {
  const intl = useIntl();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [job, setJob] = useState<Job | null>(null);

  useEffect(() => {
    if (!job || job.status !== 'RUNNING') return;
    let live = true;
    const timer = setTimeout(() => {
      request(ImportJobQuery, { id: job.id }).then(
        (data) => {
          if (!live) return;
          if (!data.catalogImport) {
            setError(intl.formatMessage(m.unknownJob));
            setJob(null);
            return;
          }
          setJob(data.catalogImport);
          if (data.catalogImport.status === 'FINISHED') {
            // Never only "finished" when the import left some of the file's columns out.
            const left = !data.catalogImport.dryRun && (data.catalogImport.report?.droppedColumns.length ?? 0) > 0;
            const done = data.catalogImport.dryRun ? m.checkDone : left ? m.importDoneDropped : m.importDone;
            toast.show(intl.formatMessage(done), { tone: left ? 'info' : 'success' });
          }
        },
        (caught: unknown) => {
          if (!live) return;
          if (caught instanceof ApiError && caught.category) {
            setError(caught.message);
            setJob(null);
          } else setJob({ ...job });
        },
      );
    }, POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [job, toast, intl]);

  const start = async (file: File, images: File[], dryRun: boolean) => {
    setError(null);
    setBusy(true);
    try {
      const data = await upload(
        StartImportMutation,
        { file, images: images.length > 0 ? images : null, dryRun },
        { file, images: images.length > 0 ? images : undefined },
      );
      setJob(data.startCatalogImport);
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };

  return { job, error, busy: busy || job?.status === 'RUNNING', start };
}
