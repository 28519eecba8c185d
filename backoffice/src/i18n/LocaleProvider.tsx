import { type ReactNode, createContext, use, useCallback, useEffect, useMemo, useState } from 'react';
import { IntlProvider, ReactIntlErrorCode, useIntl } from 'react-intl';
import { setClientLanguage } from '../api/client';
import { type Catalogue, formattingLocale, loadMessages, toLanguageTag } from './locale';

/** Where a staff member's own choice of language is kept, in this browser. */
export const LOCALE_STORAGE_KEY = 'vela.backoffice.locale';

interface LocaleApi {
  /** The catalogue's locale, `en_US` or `fr_FR`. */
  locale: string;
  /** Loads the catalogue, switches every text at once, and remembers the choice in this browser. */
  setLocale: (locale: string) => Promise<void>;
}

const LocaleContext = createContext<LocaleApi | null>(null);

export function useLocale(): LocaleApi {
  const api = use(LocaleContext);
  if (!api) throw new Error('useLocale needs a LocaleProvider above it');
  return api;
}

/** The staff member's language, with react-intl formatting every text, number and date in it. */
export function LocaleProvider({
  locale: initialLocale,
  messages: initialMessages,
  browserLanguage,
  children,
}: {
  locale: string;
  messages: Catalogue;
  browserLanguage?: string;
  children: ReactNode;
}) {
  const [current, setCurrent] = useState({ locale: initialLocale, messages: initialMessages });
  const setLocale = useCallback(async (locale: string) => {
    const messages = await loadMessages(locale);
    try {
      localStorage.setItem(LOCALE_STORAGE_KEY, locale);
    } catch {
      // Storage refused (private mode, quota): the choice lasts until the page is reloaded.
    }
    document.documentElement.lang = toLanguageTag(locale);
    setCurrent({ locale, messages });
  }, []);
  const api = useMemo(() => ({ locale: current.locale, setLocale }), [current.locale, setLocale]);
  return (
    <LocaleContext value={api}>
      <IntlProvider
        locale={formattingLocale(current.locale, browserLanguage)}
        defaultLocale="en-US"
        messages={current.messages}
        onError={(error) => {
          // In English the default messages are the texts: no catalogue is loaded to miss them.
          if (error.code !== ReactIntlErrorCode.MISSING_TRANSLATION) console.error(error);
        }}
      >
        <ClientLanguage />
        {children}
      </IntlProvider>
    </LocaleContext>
  );
}

/** The API client's own messages (the server unreachable…) follow the chosen language. */
function ClientLanguage() {
  const intl = useIntl();
  useEffect(() => setClientLanguage(intl), [intl]);
  return null;
}
