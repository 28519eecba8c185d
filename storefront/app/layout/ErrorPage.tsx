import { Home, RotateCw, Search, WifiOff } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useOnlineStatus } from '../data/onlineStatus';
import { Icon } from '@vela/ui/Icon';
import styles from './ErrorPage.module.css';
import { useShellData } from './useShellData';

/**
 * The 404 page and the generic error page. Inside the shell (a page failed) it fills <main>;
 * when the shell itself could not load (root error boundary) it brings its own landmark and a
 * way home, because there is no header around it.
 */
export function ErrorPage({ status }: { status: number }) {
  const standalone = useShellData() == null;
  const content = status === 404 ? <NotFound /> : <Failure />;
  if (!standalone) return <div className={`container ${styles.page}`}>{content}</div>;
  return (
    <>
      <header className={styles.standaloneHeader}>
        <div className="container">
          <Link to="/" reloadDocument className={styles.standaloneLogo}>
            Vela
          </Link>
        </div>
      </header>
      <main id="main" className={`container ${styles.page}`}>
        {content}
      </main>
    </>
  );
}

function NotFound() {
  return (
    <section className={styles.card} aria-labelledby="error-title">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="error-title" className={styles.title}>
        <FormattedMessage id="layout.error.notFoundTitle" defaultMessage="We can't find that page" />
      </h1>
      <p className={styles.text}>
        <FormattedMessage
          id="layout.error.notFoundText"
          defaultMessage="The link may be old, or the page may have moved. Try searching, or start again from the home page."
        />
      </p>
      <div className={styles.actions}>
        <Link to="/" className={`${styles.action} ${styles.primary}`}>
          <Icon icon={Home} size={20} />
          <FormattedMessage id="layout.error.home" defaultMessage="Go to the home page" />
        </Link>
        <Link to="/search" className={styles.action}>
          <Icon icon={Search} size={20} />
          <FormattedMessage id="layout.error.search" defaultMessage="Search the shop" />
        </Link>
      </div>
    </section>
  );
}

function Failure() {
  const online = useOnlineStatus();
  return (
    <section className={styles.card} aria-labelledby="error-title">
      {!online && <Icon icon={WifiOff} size={32} />}
      <h1 id="error-title" className={styles.title}>
        {online ? (
          <FormattedMessage id="layout.error.failureTitle" defaultMessage="Something went wrong" />
        ) : (
          <FormattedMessage id="layout.error.offlineTitle" defaultMessage="You are offline" />
        )}
      </h1>
      <p className={styles.text}>
        {online ? (
          <FormattedMessage
            id="layout.error.failureText"
            defaultMessage="We couldn't load this page. Please try again in a moment."
          />
        ) : (
          <FormattedMessage
            id="layout.error.offlineText"
            defaultMessage="This page has not been saved on this device yet. Pages you have already visited still open. Reconnect to see this one."
          />
        )}
      </p>
      <div className={styles.actions}>
        {/* A full reload: the failure may be in the shell's own data, which a client navigation keeps. */}
        <button type="button" className={`${styles.action} ${styles.primary}`} onClick={() => window.location.reload()}>
          <Icon icon={RotateCw} size={20} />
          <FormattedMessage id="layout.error.retry" defaultMessage="Try again" />
        </button>
        <Link to="/" reloadDocument className={styles.action}>
          <Icon icon={Home} size={20} />
          <FormattedMessage id="layout.error.home" defaultMessage="Go to the home page" />
        </Link>
      </div>
    </section>
  );
}
