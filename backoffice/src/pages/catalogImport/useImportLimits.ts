import { useEffect, useState } from 'react';
import type { IntlShape } from 'react-intl';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';

const ImportLimitsQuery = graphql(`
  query CatalogImportLimits {
    catalogImportLimits {
      maxUploadBytes
    }
  }
`);

/** The most bytes one import takes (the CSV and its images together), or null until the server says. */
export function useImportLimits(): number | null {
  const [maxUploadBytes, setMaxUploadBytes] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    // Without the answer the page names no limit, and the server still refuses a larger upload.
    request(ImportLimitsQuery, {}).then(
      (data) => {
        if (live) setMaxUploadBytes(data.catalogImportLimits.maxUploadBytes);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return maxUploadBytes;
}

/** 52428800 → "50 MB" ("50 Mo" in French): the limit is set in whole mebibytes. */
export function formatUploadLimit(intl: IntlShape, bytes: number): string {
  return intl.formatNumber(Math.floor(bytes / 1024 / 1024), { style: 'unit', unit: 'megabyte' });
}
