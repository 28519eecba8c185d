// A TEST-ONLY stand-in for braintree-web's client, hosted-fields and data-collector scripts
// (https://js.braintreegateway.com/web/<version>/js/*.min.js), never shipped. No machine here
// reaches Braintree: its hosted fields are frames from its asset host, and its client talks to its
// client API. The journeys serve this file for those script URLs (braintreeShop.ts), from
// Braintree's own origin, so it loads exactly when the CSP lets braintree-web load. It has the
// part of braintree-web's interface the storefront calls: client.create, hostedFields.create
// (tokenize, focus, teardown) and dataCollector.create. Its fields are plain inputs in the
// containers (the real ones are frames), named by the field's internalLabel as Braintree's are.
// tokenize answers Braintree's documented sandbox test nonces for its test card numbers, which the
// local fake gateway (commerce/test/fakes/braintreeFake.ts) knows.
// threeDSecure.create/verifyCard (version 2) stand in for Braintree's 3-D Secure: the issuer's
// lookup, then for the challenge card (4000 0000 0000 1091, as in Braintree's sandbox) a challenge
// in a frame of the stand-in's own over the page (the real one is Cardinal's, inside Braintree's
// frame): the code 1234 passes, any other fails, and its Close button cancels (rejected with
// THREEDS_CARDINAL_SDK_CANCELED, as braintree-web does). The answer is a 3-D Secure test nonce of
// Braintree's sandbox whose liability shift the fake gateway reports to the shop, which checks it.
// Each verifyCard's options (without its callback) are kept in window.__braintreeVerifyCalls.
(function () {
  var braintree = (window.braintree = window.braintree || {});
  if (braintree.__standIn) return;
  braintree.__standIn = true;

  // Braintree's test card numbers → its static test nonces (sandbox).
  var NONCES = {
    4111111111111111: 'fake-valid-visa-nonce',
    5555555555554444: 'fake-valid-mastercard-nonce',
    378282246310005: 'fake-valid-amex-nonce',
    4000111111111115: 'fake-processor-declined-visa-nonce',
  };
  // Braintree's 3-D Secure test cards that ask for a challenge; any other card passes without one.
  var CHALLENGE_CARDS = { 4000000000001091: true };
  var PASSED = 'fake-three-d-secure-visa-full-authentication-nonce';
  var FAILED = 'fake-three-d-secure-visa-failed-authentication-nonce';
  // The card number behind each nonce tokenize made (the issuer's lookup reads the card).
  var numberOf = {};
  var AUTOCOMPLETE = { number: 'cc-number', expirationDate: 'cc-exp', cvv: 'cc-csc' };

  function error(code, message, details) {
    return { name: 'BraintreeError', code: code, message: message, details: details };
  }

  function luhn(digits) {
    var sum = 0;
    for (var i = 0; i < digits.length; i++) {
      var d = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    return digits.length >= 12 && sum % 10 === 0;
  }

  function valid(key, value) {
    if (key === 'number') return luhn(value.replace(/\D/g, ''));
    if (key === 'expirationDate') {
      var m = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(value.trim());
      return Boolean(m) && Number(m[1]) >= 1 && Number(m[1]) <= 12;
    }
    return /^\d{3,4}$/.test(value.trim());
  }

  braintree.client = {
    create: function (options) {
      if (!options || !options.authorization)
        return Promise.reject(error('CLIENT_MISSING_AUTHORIZATION', 'options.authorization is required.'));
      return Promise.resolve({
        teardown: function () {
          return Promise.resolve();
        },
      });
    },
  };

  braintree.hostedFields = {
    create: function (options) {
      var inputs = {};
      var keys = Object.keys(options.fields);
      for (var i = 0; i < keys.length; i++) {
        var key = keys[i];
        var field = options.fields[key];
        var container = document.querySelector(field.container);
        if (!container) return Promise.reject(error('HOSTED_FIELDS_INVALID_FIELD_SELECTOR', 'No container: ' + key));
        var input = document.createElement('input');
        input.type = 'text';
        input.setAttribute('aria-label', field.internalLabel || key);
        input.setAttribute('autocomplete', AUTOCOMPLETE[key] || 'off');
        input.setAttribute('inputmode', 'numeric');
        if (field.placeholder) input.placeholder = field.placeholder;
        input.style.cssText =
          'width:100%;height:100%;border:0;outline:0;background:transparent;font:inherit;font-size:16px';
        container.appendChild(input);
        inputs[key] = input;
      }
      return Promise.resolve({
        tokenize: function () {
          var empty = keys.filter(function (k) {
            return !inputs[k].value.trim();
          });
          if (empty.length === keys.length)
            return Promise.reject(error('HOSTED_FIELDS_FIELDS_EMPTY', 'All fields are empty.'));
          var invalid = keys.filter(function (k) {
            return !valid(k, inputs[k].value);
          });
          if (invalid.length > 0)
            return Promise.reject(
              error('HOSTED_FIELDS_FIELDS_INVALID', 'Some payment input fields are invalid.', {
                invalidFieldKeys: invalid,
              }),
            );
          var number = inputs.number.value.replace(/\D/g, '');
          var nonce = NONCES[number] || 'fake-valid-nonce';
          numberOf[nonce] = number;
          return Promise.resolve({
            nonce: nonce,
            type: 'CreditCard',
            details: { bin: number.slice(0, 6), lastFour: number.slice(-4), cardType: 'Visa' },
          });
        },
        focus: function (key) {
          if (inputs[key]) inputs[key].focus();
        },
        teardown: function () {
          keys.forEach(function (k) {
            inputs[k].remove();
          });
          return Promise.resolve();
        },
      });
    },
  };

  /** The issuer's challenge: resolves 'passed' or 'failed', rejects when the shopper closes it. */
  function challenge() {
    return new Promise(function (resolve, reject) {
      var backdrop = document.createElement('div');
      backdrop.style.cssText =
        'position:fixed;inset:0;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center;z-index:99999';
      var frame = document.createElement('iframe');
      frame.title = '3-D Secure challenge';
      frame.style.cssText = 'width:400px;height:320px;border:0;background:#fff';
      backdrop.appendChild(frame);
      document.body.appendChild(backdrop);
      var doc = frame.contentDocument;
      doc.open();
      doc.write(
        '<!doctype html><html lang="en"><head><title>3-D Secure challenge</title></head><body style="font:16px system-ui;padding:16px">' +
          '<main><h1 style="font-size:20px">Your bank: confirm this payment</h1>' +
          '<p>Stand-in of the card issuer\u2019s 3-D Secure challenge (test only). The code is 1234.</p>' +
          '<form><label for="code">Code from your bank</label> <input id="code" autocomplete="one-time-code" inputmode="numeric">' +
          ' <button type="submit">Submit</button></form>' +
          '<p><button type="button" id="close">Close</button></p></main></body></html>',
      );
      doc.close();
      function done() {
        backdrop.remove();
      }
      doc.querySelector('form').addEventListener('submit', function (event) {
        event.preventDefault();
        var code = doc.getElementById('code').value.trim();
        done();
        resolve(code === '1234' ? 'passed' : 'failed');
      });
      doc.getElementById('close').addEventListener('click', function () {
        done();
        reject(error('THREEDS_CARDINAL_SDK_CANCELED', 'Canceled by the customer.'));
      });
      doc.getElementById('code').focus();
    });
  }

  braintree.threeDSecure = {
    create: function (options) {
      if (!options || !options.client)
        return Promise.reject(error('INSTANTIATION_OPTION_REQUIRED', 'options.client is required.'));
      if (options.version !== 2 && options.version !== '2')
        return Promise.reject(error('THREEDS_UNSUPPORTED_VERSION', 'Only 3-D Secure version 2 is supported.'));
      return Promise.resolve({
        verifyCard: function (verify) {
          if (!verify || !verify.nonce || !/^\d+(\.\d{1,2})?$/.test(String(verify.amount)))
            return Promise.reject(
              error('THREEDS_MISSING_VERIFY_CARD_OPTION', 'verifyCard needs a nonce and an amount.'),
            );
          if (typeof verify.onLookupComplete !== 'function')
            return Promise.reject(error('THREEDS_MISSING_VERIFY_CARD_OPTION', 'onLookupComplete is required.'));
          var calls = (window.__braintreeVerifyCalls = window.__braintreeVerifyCalls || []);
          calls.push({
            amount: verify.amount,
            nonce: verify.nonce,
            bin: verify.bin,
            email: verify.email,
            billingAddress: verify.billingAddress,
            challengeRequested: verify.challengeRequested,
          });
          var number = numberOf[verify.nonce] || '';
          var asksChallenge = CHALLENGE_CARDS[number] === true || verify.challengeRequested === true;
          return new Promise(function (resolve) {
            verify.onLookupComplete({ lookup: { challengeRequired: asksChallenge } }, function () {
              resolve(asksChallenge ? challenge() : 'passed');
            });
          }).then(function (outcome) {
            var passed = outcome === 'passed';
            return {
              nonce: passed ? PASSED : FAILED,
              type: 'CreditCard',
              liabilityShifted: passed,
              liabilityShiftPossible: true,
              details: { bin: number.slice(0, 6), lastFour: number.slice(-4) },
              threeDSecureInfo: {
                liabilityShifted: passed,
                liabilityShiftPossible: true,
                status: passed ? 'authenticate_successful' : 'authenticate_failed',
              },
            };
          });
        },
        teardown: function () {
          return Promise.resolve();
        },
      });
    },
  };

  braintree.dataCollector = {
    create: function () {
      return Promise.resolve({
        deviceData: JSON.stringify({ correlation_id: 'stand-in-' + Date.now() }),
        teardown: function () {
          return Promise.resolve();
        },
      });
    },
  };
})();
