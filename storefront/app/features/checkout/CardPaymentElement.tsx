// Stripe's Payment Element, with Stripe.js itself. This module is imported lazily, only once the
// card choice is on screen (CardPaymentField), so no other page downloads Stripe.js or this code.
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeElementLocale } from '@stripe/stripe-js';
// The pure entry adds Stripe.js's script only when loadStripe is called, not on import.
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useMemo, useState } from 'react';
import type { CardElementsOptions } from './cardPayment';

/** What the card step asks of Stripe.js once the element is ready. */
export interface CardPaymentHandle {
  /** `elements.submit()` (the element checks what was typed) then `stripe.createPaymentMethod({ elements })`. */
  createPaymentMethod: () => Promise<{ id: string } | { problem: string }>;
  /** 3-D Secure: `stripe.handleNextAction`; null once finished, else Stripe's reason. */
  authenticate: (clientSecret: string) => Promise<string | null>;
}

interface CardPaymentElementProps {
  apiKey: string;
  locale: string;
  options: CardElementsOptions;
  onReady: (handle: CardPaymentHandle | null) => void;
  onLoadFailed: () => void;
}

// One Stripe.js per key for the page's life: loadStripe itself adds its script only once.
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(apiKey: string, locale: string): Promise<Stripe | null> {
  const key = `${apiKey} ${locale}`;
  let stripe = loaded.get(key);
  if (!stripe) {
    stripe = loadStripe(apiKey, { locale: locale as StripeElementLocale });
    // A failed load (offline, blocked) may be tried again when the card is chosen again.
    stripe.catch(() => loaded.delete(key));
    loaded.set(key, stripe);
  }
  return stripe;
}

export default function CardPaymentElement({
  apiKey,
  locale,
  options,
  onReady,
  onLoadFailed,
}: CardPaymentElementProps) {
  const stripe = useMemo(() => stripeFor(apiKey, locale), [apiKey, locale]);
  useEffect(() => {
    let current = true;
    stripe.then(
      (loadedStripe) => {
        if (current && !loadedStripe) onLoadFailed();
      },
      () => {
        if (current) onLoadFailed();
      },
    );
    return () => {
      current = false;
    };
  }, [stripe, onLoadFailed]);
  return (
    <Elements stripe={stripe} options={{ ...options, locale: locale as StripeElementLocale }}>
      <PaymentElementWithHandle onReady={onReady} />
    </Elements>
  );
}

function PaymentElementWithHandle({ onReady }: { onReady: (handle: CardPaymentHandle | null) => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    if (!stripe || !elements || !mounted) return;
    onReady({
      async createPaymentMethod() {
        const submitted = await elements.submit();
        if (submitted.error) return { problem: submitted.error.message ?? '' };
        const created = await stripe.createPaymentMethod({ elements });
        if (created.error) return { problem: created.error.message ?? '' };
        return { id: created.paymentMethod.id };
      },
      async authenticate(clientSecret) {
        const result = await stripe.handleNextAction({ clientSecret });
        return result.error ? (result.error.message ?? '') : null;
      },
    });
    return () => onReady(null);
  }, [stripe, elements, mounted, onReady]);

  // Apple Pay and Google Pay show where Stripe offers them (the browser, the device, the account's
  // payment method domains); they make a card payment method like the card form does.
  return (
    <PaymentElement
      options={{ layout: 'tabs', wallets: { applePay: 'auto', googlePay: 'auto' } }}
      onReady={() => setMounted(true)}
    />
  );
}
