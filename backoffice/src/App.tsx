import { useIntl } from 'react-intl';
import { Navigate, Outlet, createBrowserRouter, useLocation } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { useSession } from './api/session';
import { Shell } from './layout/Shell';
import { AccountPage } from './pages/AccountPage';
import { AuditLogPage } from './pages/AuditLogPage';
import { ReviewsPage } from './pages/ReviewsPage';
import { SearchSynonymsPage } from './pages/SearchSynonymsPage';
import { SearchTermsPage } from './pages/SearchTermsPage';
import { ReportsPage } from './pages/ReportsPage';
import { ResetPasswordPage } from './pages/ResetPasswordPage';
import { CatalogImportPage } from './pages/CatalogImportPage';
import { CategoriesPage } from './pages/CategoriesPage';
import { CategoryPage, NewCategoryPage } from './pages/CategoryPage';
import { CmsBlockEditPage, CmsPageEditPage, NewCmsBlockPage, NewCmsPagePage } from './pages/CmsEditPage';
import { ContentPage } from './pages/ContentPage';
import { CustomerPage } from './pages/CustomerPage';
import { CustomersPage } from './pages/CustomersPage';
import { CustomerGroupsPage } from './pages/CustomerGroupsPage';
import { AttributesPage } from './pages/AttributesPage';
import { AttributePage } from './pages/AttributePage';
import { NewCustomerPage } from './pages/NewCustomerPage';
import { DashboardPage } from './pages/DashboardPage';
import { NewProductPage } from './pages/NewProductPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { OrderPage } from './pages/OrderPage';
import { OrdersPage } from './pages/OrdersPage';
import { ProductPage } from './pages/ProductPage';
import { ProductsPage } from './pages/ProductsPage';
import { NewOrderPage } from './pages/NewOrderPage';
import { NewPromotionPage, PromotionPage } from './pages/PromotionPage';
import { PromotionsPage } from './pages/PromotionsPage';
import { SettingsPage } from './pages/SettingsPage';
import { StoresPage } from './pages/StoresPage';
import { SignInPage } from './pages/SignInPage';
import { StaffPage } from './pages/StaffPage';
import { Loading } from './common/ui';

/** Pages behind a session: without one (absent or expired) the user goes to sign in, and back after. */
function RequireSession() {
  const { session, loadError } = useSession();
  const location = useLocation();
  const intl = useIntl();
  if (session.status === 'loading' && !loadError)
    return (
      <main className="bo-signin" id="main">
        <Loading
          label={intl.formatMessage({ id: 'backoffice.session.checking', defaultMessage: 'Checking your session…' })}
        />
      </main>
    );
  if (session.status !== 'signedIn') {
    const from = session.status === 'signedOut' && session.signedOut ? '/' : `${location.pathname}${location.search}`;
    return <Navigate to="/sign-in" replace state={{ from }} />;
  }
  return <Shell />;
}

function OwnersOnly() {
  const { session } = useSession();
  return session.status === 'signedIn' && session.me.role === 'OWNER' ? <Outlet /> : <NotFoundPage />;
}

const router = createBrowserRouter(
  [
    { path: '/sign-in', element: <SignInPage /> },
    { path: '/reset-password', element: <ResetPasswordPage /> },
    {
      element: <RequireSession />,
      children: [
        { index: true, element: <DashboardPage /> },
        { path: 'account', element: <AccountPage /> },
        { path: 'orders', element: <OrdersPage /> },
        { path: 'orders/new', element: <NewOrderPage /> },
        { path: 'orders/:number', element: <OrderPage /> },
        { path: 'customers', element: <CustomersPage /> },
        { path: 'customers/new', element: <NewCustomerPage /> },
        { path: 'customers/:id', element: <CustomerPage /> },
        { path: 'customer-groups', element: <CustomerGroupsPage /> },
        { path: 'promotions', element: <PromotionsPage /> },
        { path: 'promotions/new', element: <NewPromotionPage /> },
        { path: 'promotions/:id', element: <PromotionPage /> },
        { path: 'products', element: <ProductsPage /> },
        { path: 'products/new', element: <NewProductPage /> },
        { path: 'products/:sku', element: <ProductPage /> },
        { path: 'attributes', element: <AttributesPage /> },
        { path: 'attributes/:code', element: <AttributePage /> },
        { path: 'categories', element: <CategoriesPage /> },
        { path: 'categories/new', element: <NewCategoryPage /> },
        { path: 'categories/:id', element: <CategoryPage /> },
        { path: 'catalog-import', element: <CatalogImportPage /> },
        { path: 'reviews', element: <ReviewsPage /> },
        { path: 'search-synonyms', element: <SearchSynonymsPage /> },
        { path: 'search-terms', element: <SearchTermsPage /> },
        { path: 'reports', element: <ReportsPage /> },
        { path: 'content', element: <ContentPage /> },
        { path: 'content/pages/new', element: <NewCmsPagePage /> },
        { path: 'content/pages/:id', element: <CmsPageEditPage /> },
        { path: 'content/blocks/new', element: <NewCmsBlockPage /> },
        { path: 'content/blocks/:id', element: <CmsBlockEditPage /> },
        { path: 'settings', element: <SettingsPage /> },
        { path: 'stores', element: <StoresPage /> },
        {
          element: <OwnersOnly />,
          children: [
            { path: 'audit-log', element: <AuditLogPage /> },
            { path: 'staff', element: <StaffPage /> },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ],
  { basename: '/admin' },
);

export function App() {
  return <RouterProvider router={router} />;
}
