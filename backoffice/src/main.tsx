import '@vela/ui/fonts.css';
import '@vela/ui/theme.css';
import './backoffice.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { IntlProvider, ReactIntlErrorCode } from 'react-intl';
import { ToastProvider } from '@vela/ui/Toast';
import { SessionProvider } from './api/session';
import { App } from './App';

// Texts are English strings in the components; react-intl formats numbers, money and dates, and
// the design system's components (@vela/ui: Spinner, Toast) read their own labels from it.
const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
createRoot(root).render(
  <StrictMode>
    <IntlProvider
      locale={navigator.language || 'en-US'}
      defaultLocale="en-US"
      messages={{}}
      onError={(error) => {
        // The English texts are the components' default messages; no catalogue is missing.
        if (error.code !== ReactIntlErrorCode.MISSING_TRANSLATION) console.error(error);
      }}
    >
      <ToastProvider>
        <SessionProvider>
          <App />
        </SessionProvider>
      </ToastProvider>
    </IntlProvider>
  </StrictMode>,
);
