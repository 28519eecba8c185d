import '@vela/ui/fonts.css';
import '@vela/ui/theme.css';
import './backoffice.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ToastProvider } from '@vela/ui/Toast';
import { SessionProvider } from './api/session';
import { App } from './App';
import { LOCALE_STORAGE_KEY, LocaleProvider } from './i18n/LocaleProvider';
import { type Catalogue, DEFAULT_LOCALE, chooseLocale, loadMessages, toLanguageTag } from './i18n/locale';

function storedChoice(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
// The staff member's language: their choice on the account page, else their browser's. A French
// catalogue is fetched before the first render, so no page shows in English first.
const locale = chooseLocale(storedChoice(), navigator.languages ?? [navigator.language]);
function render(locale: string, messages: Catalogue, into: HTMLElement) {
  document.documentElement.lang = toLanguageTag(locale);
  createRoot(into).render(
    <StrictMode>
      <LocaleProvider locale={locale} messages={messages} browserLanguage={navigator.language}>
        <ToastProvider>
          <SessionProvider>
            <App />
          </SessionProvider>
        </ToastProvider>
      </LocaleProvider>
    </StrictMode>,
  );
}

void loadMessages(locale).then(
  (messages) => render(locale, messages, root),
  // The catalogue could not be fetched (the network dropped, a deploy replaced it): English works.
  () => render(DEFAULT_LOCALE, {}, root),
);
