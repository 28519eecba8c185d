import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Button } from '@vela/ui/Button';
import { describeError } from '../../data/errors';
import { getCustomerToken } from '../../data/customerSession';
import { AccountLoadError, AccountSkeleton } from './AccountStatus';
import { FormAlert } from './FormAlert';
import { MyDownloadsQuery } from './downloadsDocuments';
import { orderDate } from './orderDate';
import styles from './OrderHistory.module.css';

/** The file name the server's Content-Disposition gives, or a plain one. */
function fileNameOf(response: Response): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? 'download';
}

/**
 * "My downloads": each bought link with its order, date, status and downloads left. A download
 * address answers only its buyer, who proves it with the session's bearer token (never a
 * cookie), so the file is fetched with it and handed to the browser as a saved file.
 */
export function MyDownloads() {
  const intl = useIntl();
  const { data, error } = useQuery(MyDownloadsQuery, { fetchPolicy: 'cache-and-network' });
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const items = data?.customerDownloadableProducts?.items;
  if (!items) return error ? <AccountLoadError message={describeError(error).message} /> : <AccountSkeleton />;
  const links = items.flatMap((i) => (i ? [i] : []));

  async function download(url: string) {
    setBusy(url);
    setProblem(null);
    try {
      const token = getCustomerToken();
      const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
      if (!response.ok) throw new Error((await response.text()) || `${response.status}`);
      const blob = await response.blob();
      const objectUrl = URL.createObjectURL(blob);
      const anchor = document.createElement('a');
      anchor.href = objectUrl;
      anchor.download = fileNameOf(response);
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
    } catch (caught) {
      setProblem(
        intl.formatMessage(
          { id: 'account.downloads.failed', defaultMessage: 'The file could not be downloaded: {reason}' },
          { reason: caught instanceof Error ? caught.message : String(caught) },
        ),
      );
    } finally {
      setBusy(null);
    }
  }

  const statusLabel = (status: string | null | undefined) =>
    status === 'available'
      ? intl.formatMessage({ id: 'account.downloads.available', defaultMessage: 'Available' })
      : status === 'expired'
        ? intl.formatMessage({ id: 'account.downloads.expired', defaultMessage: 'Expired' })
        : intl.formatMessage({ id: 'account.downloads.pending', defaultMessage: 'Available once paid' });

  return (
    <>
      <h1>
        <FormattedMessage id="account.downloads.title" defaultMessage="My downloads" />
      </h1>
      <FormAlert message={problem} />
      {links.length === 0 ? (
        <p>
          <FormattedMessage id="account.downloads.empty" defaultMessage="You have not bought any downloads yet." />
        </p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">
                  <FormattedMessage id="account.downloads.order" defaultMessage="Order" />
                </th>
                <th scope="col">
                  <FormattedMessage id="account.downloads.date" defaultMessage="Date" />
                </th>
                <th scope="col">
                  <FormattedMessage id="account.downloads.status" defaultMessage="Status" />
                </th>
                <th scope="col">
                  <FormattedMessage id="account.downloads.remaining" defaultMessage="Downloads left" />
                </th>
                <th scope="col">
                  <span className="visually-hidden">
                    <FormattedMessage id="account.downloads.action" defaultMessage="Download" />
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {links.map((link, index) => (
                <tr key={link.download_url ?? index}>
                  <td>
                    <Link to={`/account/orders/${encodeURIComponent(link.order_increment_id ?? '')}`}>
                      {link.order_increment_id}
                    </Link>
                  </td>
                  <td>{link.date ? intl.formatDate(orderDate(link.date), { dateStyle: 'medium' }) : ''}</td>
                  <td>{statusLabel(link.status)}</td>
                  <td>
                    {link.remaining_downloads === 'Unlimited'
                      ? intl.formatMessage({ id: 'account.downloads.unlimited', defaultMessage: 'Unlimited' })
                      : link.remaining_downloads}
                  </td>
                  <td>
                    {link.status === 'available' && link.download_url && (
                      <Button
                        variant="secondary"
                        busy={busy === link.download_url}
                        onClick={() => void download(link.download_url!)}
                        aria-label={intl.formatMessage(
                          { id: 'account.downloads.downloadOf', defaultMessage: 'Download the file of order {number}' },
                          { number: link.order_increment_id },
                        )}
                      >
                        <FormattedMessage id="account.downloads.action" defaultMessage="Download" />
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
