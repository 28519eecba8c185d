// TEST-ONLY STAND-IN for Stripe.js — never shipped, never served by the shop.
//
// No machine here reaches js.stripe.com, so the end-to-end card journeys (e2e/tests/cardPayment.spec.ts)
// answer the request @stripe/stripe-js's loadStripe makes for https://js.stripe.com/endive/stripe.js
// with this file, through Playwright's page.route. It comes from Stripe's own origin, so the shop's
// Content-Security-Policy lets it run exactly as it would let Stripe.js run (and blocks it when
// Stripe is off). It defines `window.Stripe` with only what the storefront calls:
// `Stripe(key)`, `elements(options)`, `elements.create('payment')` with `mount`, `on`/`off`,
// `update`, `destroy`; `elements.submit()`, `stripe.createPaymentMethod({ elements })` and
// `stripe.handleNextAction({ clientSecret })`.
//
// Instead of Stripe's card frame it mounts one plain "Card number" field. Stripe's test card
// numbers become Stripe's test payment methods, which the local fake gateway the server talks to
// understands (commerce/test/fakes/stripeFake.ts). The 3-D Secure challenge is a dialog with
// "Complete" and "Fail", like Stripe's test challenge page; its answer goes to
// https://api.stripe.com, which the spec routes to that same fake gateway.
(() => {
  const API = 'https://api.stripe.com';
  const TEST_CARDS = {
    4242424242424242: 'pm_card_visa',
    4000002760003184: 'pm_card_threeDSecure2Required',
    4000000000009995: 'pm_card_chargeDeclinedInsufficientFunds',
    4000000000000002: 'pm_card_chargeDeclined',
    // Not Stripe's: the fake gateway's own method whose payment stays `processing` until the test
    // settles it, for the journeys a late webhook confirms.
    4000000000007777: 'pm_card_vela_processing',
  };

  function emitter() {
    const handlers = new Map();
    return {
      on(event, handler) {
        handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      },
      off(event, handler) {
        handlers.set(
          event,
          (handlers.get(event) ?? []).filter((h) => h !== handler),
        );
      },
      emit(event, payload) {
        for (const handler of handlers.get(event) ?? []) handler(payload);
      },
    };
  }

  /** The payment element: one labelled card-number field and the element's own error line. */
  function paymentElement() {
    const events = emitter();
    const root = document.createElement('div');
    root.dataset.standIn = 'stripe-payment-element';
    root.innerHTML =
      '<label style="display:grid;gap:4px;font:inherit">Card number' +
      '<input name="stand-in-card-number" inputmode="numeric" autocomplete="cc-number" ' +
      'style="font:inherit;padding:10px;border:1px solid #6b7280;border-radius:6px"></label>' +
      '<p data-stand-in="element-error" style="margin:4px 0 0;color:#b91c1c"></p>';
    const input = root.querySelector('input');
    const error = root.querySelector('[data-stand-in="element-error"]');
    input.addEventListener('input', () => {
      error.textContent = '';
      events.emit('change', { elementType: 'payment', empty: input.value === '', complete: false });
    });
    const element = {
      mount(target) {
        const node = typeof target === 'string' ? document.querySelector(target) : target;
        node.appendChild(root);
        setTimeout(() => events.emit('ready', { elementType: 'payment' }), 0);
      },
      on: events.on,
      off: events.off,
      update() {},
      unmount: () => root.remove(),
      destroy: () => root.remove(),
      focus: () => input.focus(),
      /** What elements.submit() checks, with Stripe's own wording. */
      validate() {
        const digits = input.value.replace(/\s+/g, '');
        const message =
          digits === ''
            ? 'Your card number is incomplete.'
            : TEST_CARDS[digits]
              ? null
              : 'Your card number is invalid.';
        error.textContent = message ?? '';
        return message ? { error: { type: 'validation_error', code: 'incomplete_number', message } } : {};
      },
      paymentMethodId: () => TEST_CARDS[input.value.replace(/\s+/g, '')],
    };
    return element;
  }

  /** Stripe's test challenge: Complete or Fail, in a modal dialog over the page. */
  function challenge() {
    return new Promise((resolve) => {
      const dialog = document.createElement('dialog');
      dialog.setAttribute('aria-labelledby', 'stand-in-3ds-title');
      dialog.innerHTML =
        '<h2 id="stand-in-3ds-title">3D Secure 2 test challenge (stand-in)</h2>' +
        '<p>Complete or fail this test payment’s authentication.</p>' +
        '<button type="button" value="succeed">Complete</button> ' +
        '<button type="button" value="fail">Fail</button>';
      for (const button of dialog.querySelectorAll('button'))
        button.addEventListener('click', () => {
          dialog.close();
          dialog.remove();
          resolve(button.value);
        });
      document.body.appendChild(dialog);
      dialog.showModal();
    });
  }

  function Stripe(key) {
    if (typeof key !== 'string' || !/^pk_(test|live)_/.test(key)) throw new Error('Invalid API Key provided.');
    let payment = null;
    const elements = {
      create(type) {
        if (type !== 'payment') throw new Error(`The Stripe.js stand-in has no ${type} element.`);
        payment = paymentElement();
        return payment;
      },
      getElement: (type) => (type === 'payment' ? payment : null),
      update() {},
      async submit() {
        if (!payment) return { error: { type: 'validation_error', message: 'No payment element is mounted.' } };
        return payment.validate();
      },
    };
    return {
      elements: () => elements,
      async createPaymentMethod(options) {
        const id = options?.elements === elements ? payment?.paymentMethodId() : undefined;
        if (!id) return { error: { type: 'validation_error', message: 'Your card number is invalid.' } };
        return { paymentMethod: { id, object: 'payment_method', type: 'card' } };
      },
      async handleNextAction({ clientSecret }) {
        const intentId = String(clientSecret).split('_secret_')[0];
        const outcome = await challenge();
        const response = await fetch(`${API}/v1/payment_intents/${intentId}/stand_in_next_action`, {
          method: 'POST',
          // Like Stripe.js: the publishable key in a form body, a simple request (no CORS preflight).
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: `key=${encodeURIComponent(key)}&outcome=${outcome}`,
        });
        const paymentIntent = await response.json();
        if (paymentIntent.last_payment_error)
          return { error: { type: 'card_error', message: paymentIntent.last_payment_error.message }, paymentIntent };
        return { paymentIntent };
      },
      // @stripe/react-stripe-js accepts an object as Stripe only when it has these too; the
      // storefront never calls them, so the stand-in refuses loudly if anything does.
      createToken: async () => {
        throw new Error('The Stripe.js stand-in does not implement createToken.');
      },
      confirmCardPayment: async () => {
        throw new Error('The Stripe.js stand-in does not implement confirmCardPayment.');
      },
      registerAppInfo() {},
      _registerWrapper() {},
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
