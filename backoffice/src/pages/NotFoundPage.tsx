import { Link } from 'react-router';
import { PageHeading } from '../common/PageHeading';

export function NotFoundPage() {
  return (
    <>
      <PageHeading title="Page not found">Page not found</PageHeading>
      <p>
        There is no such page in the back office, or your role may not open it. <Link to="/">Go to the dashboard</Link>.
      </p>
    </>
  );
}
