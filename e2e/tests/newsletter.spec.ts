import { expect, test } from './fixtures';

// Issue 13: the footer's newsletter sign-up, on every page, for guests.
test('a shopper subscribes from the footer; an empty or malformed address is explained first', async ({ page }) => {
  await page.goto('/women.html');
  const signup = page.getByRole('region', { name: 'Get the newsletter' });
  const email = signup.getByLabel('Your e-mail');
  const subscribe = signup.getByRole('button', { name: 'Subscribe' });

  await subscribe.click();
  await expect(signup.getByRole('alert')).toHaveText('This field is required');
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');

  await email.fill('not-an-address');
  await subscribe.click();
  await expect(signup.getByRole('alert')).toHaveText('Enter a valid e-mail address');

  await email.fill(`reader${Date.now()}@example.com`);
  await subscribe.click();
  await expect(signup.getByRole('status')).toHaveText('Thank you, you are subscribed.');
  await expect(signup.getByLabel('Your e-mail')).toHaveCount(0);
});
