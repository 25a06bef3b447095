import type { Page } from '@playwright/test';
import { zoneInDaytime } from '../../server/src/test/daytime-zone';
import { expect, test } from './fixtures';
import { linkIn, waitForMail } from './mailbox';
import { expectNoSeriousA11yViolations, openAs, watchRealtime } from './session';
import { linkInText, waitForText } from './texts';

/** Where the review link ends: Google's "write a review" page, played here (no network). */
const GOOGLE_REVIEW = /^https:\/\/search\.google\.com\/local\/writereview\?placeid=/;

/** A section tab of the page (the sidebar has a "Rank grid history" link too). */
const tab = (page: Page, name: string) =>
  page
    .getByRole('navigation', { name: 'Review request sections' })
    .getByRole('link', { name, exact: true });

async function openReviewRequests(page: Page) {
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Review requests' })
    .click();
  await expect(page.getByRole('heading', { name: 'Review requests', level: 1 })).toBeVisible();
  await expect(page.getByTestId('solicitation-header')).toBeVisible();
}

test.describe('review solicitation', () => {
  test('a client asks a customer by SMS and email; it goes to "Delivered", the customer follows the link, and the page shows "Clicked" live', async ({
    page,
    browser,
    pageProblems,
  }) => {
    test.slow(); // the send job, the fake Twilio's callbacks, the SMTP server, a second browser
    const listening = watchRealtime(page);
    await openAs(page, 'client@demo.pinpoint.local');
    await openReviewRequests(page);
    await expectNoSeriousA11yViolations(page);

    // One customer per run: the 30-day rule would refuse the same one next time. The
    // customer lives where it is day now, so the sending hours (8:00–21:00 there) allow it.
    const unique = Date.now().toString(36);
    const name = `Robin E2e${unique}`;
    const email = `robin-${unique}@customer.test`;
    const phone = `+1802555${String(Date.now() % 10_000).padStart(4, '0')}`;
    const zone = zoneInDaytime();
    const form = page.getByTestId('send-form');
    await form.getByLabel('First name').fill('Robin');
    await form.getByLabel('Last name (optional)').fill(`E2e${unique}`);
    await form.getByLabel('Phone').fill(phone);
    await form.getByRole('textbox', { name: 'Email' }).fill(email);
    await form.getByLabel("Customer's time zone").selectOption(zone);
    await form.getByRole('radio', { name: 'SMS and email', exact: true }).check();
    await form.getByRole('checkbox', { name: /agreed to be contacted/ }).check();
    await form.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByTestId('send-done')).toContainText(`The review request to ${name}`);
    await page.getByRole('button', { name: 'See it in the history' }).click();
    await expect(tab(page, 'History')).toHaveAttribute('aria-current', 'page');
    await listening();

    // Sent by the job, accepted by Twilio, then Twilio's signed callback says delivered:
    // the row moves on without a reload.
    const row = page.getByTestId('request-row').filter({ hasText: name });
    const status = row.getByTestId('request-status');
    await expect(status).toHaveText('Delivered');
    const text = await waitForText(phone, (t) => t.status === 'delivered');
    expect(text.body).toContain('Reply STOP to opt out');
    const link = linkInText(text, '/r/');
    // The email went too, with the one-click unsubscribe header (RFC 8058).
    const mail = await waitForMail(email);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(linkIn(mail, '/r/')).toBe(link);

    // The customer's own browser. Playwright hands a redirect's target to no route handler,
    // so the review link's 302 is read here (the server records the click as it answers)
    // and its target opened next, Google's page played without any network.
    const customer = await browser.newContext();
    const customerPage = await customer.newPage();
    let redirectedTo = '';
    await customerPage.route('**/r/**', async (route) => {
      const answer = await route.fetch({ maxRedirects: 0 });
      expect(answer.status()).toBe(302);
      redirectedTo = answer.headers().location ?? '';
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>…</title>' });
    });
    await customerPage.route(GOOGLE_REVIEW, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><title>Write a review</title><h1>Write a review</h1>',
      }),
    );
    await customerPage.goto(link);
    expect(redirectedTo).toMatch(GOOGLE_REVIEW);
    await customerPage.goto(redirectedTo);
    await expect(customerPage.getByRole('heading', { name: 'Write a review' })).toBeVisible();
    await customer.close();

    // The click reaches the client's open page over the realtime channel.
    await expect(status).toHaveText('Clicked');
    await row.getByRole('button', { name }).click();
    const drawer = page.getByRole('dialog', { name: `Review request: ${name}` });
    const timeline = drawer.getByTestId('request-timeline');
    await expect(timeline).toContainText('Request created');
    await expect(timeline).toContainText('Sent');
    await expect(timeline).toContainText('Delivered');
    await expect(timeline).toContainText('Review link opened');
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // The same customer again within 30 days: refused, in the server's words.
    pageProblems.expectErrorAnswer(409);
    await tab(page, 'Send').click();
    await form.getByLabel('First name').fill('Robin');
    await form.getByLabel('Last name (optional)').fill(`E2e${unique}`);
    await form.getByRole('textbox', { name: 'Email' }).fill(email);
    await form.getByLabel("Customer's time zone").selectOption(zone);
    await form.getByRole('radio', { name: 'Email', exact: true }).check();
    await form.getByRole('checkbox', { name: /agreed to be contacted/ }).check();
    await form.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByTestId('send-refused')).toContainText('once every 30 days');
  });

  test('the form names each missing field, and the history shows the demo totals', async ({
    page,
    pageProblems,
  }) => {
    await openAs(page, 'client@demo.pinpoint.local');
    await openReviewRequests(page);
    pageProblems.expectErrorAnswer(400);
    const form = page.getByTestId('send-form');
    await form.getByRole('button', { name: 'Send request' }).click();
    await expect(form.getByText('Enter the first name.')).toBeVisible();
    await expect(
      form.getByText('Confirm that each customer agreed to be contacted.'),
    ).toBeVisible();
    // With those fixed, what SMS needs: a phone number.
    await form.getByLabel('First name').fill('Casey');
    await form.getByRole('checkbox', { name: /agreed to be contacted/ }).check();
    await form.getByRole('button', { name: 'Send request' }).click();
    await expect(form.getByText('Enter a phone number to send an SMS.')).toBeVisible();
    await expect(form.getByText('Enter the first name.')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await tab(page, 'History').click();
    await expect(page.getByTestId('solicitation-totals')).toBeVisible();
    await expect(page.getByTestId('request-row').first()).toBeVisible();
    await page.getByLabel('Status').selectOption('reviewed');
    await expect(page.getByTestId('request-row').first()).toContainText('Reviewed');
    await page.getByTestId('request-row').first().getByRole('button').click();
    await expect(page.getByTestId('request-timeline')).toContainText('Review posted');
    await expectNoSeriousA11yViolations(page);
  });
});
