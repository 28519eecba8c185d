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
          return Promise.resolve({
            nonce: NONCES[number] || 'fake-valid-nonce',
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
