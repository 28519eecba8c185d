import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { PageHeading } from '../common/PageHeading';

export function NotFoundPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'backoffice.notFound.title', defaultMessage: 'Page not found' });
  return (
    <>
      <PageHeading title={title}>{title}</PageHeading>
      <p>
        <FormattedMessage
          id="backoffice.notFound.text"
          defaultMessage="There is no such page in the back office, or your role may not open it. <link>Go to the dashboard</link>."
          values={{ link: (text) => <Link to="/">{text}</Link> }}
        />
      </p>
    </>
  );
}
