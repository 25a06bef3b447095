import type { Page } from '@playwright/test';
import { apiAs } from './demo-products';
import { expect, test } from './fixtures';
import { linkIn, waitForMail } from './mailbox';
import { E2E_PORT } from './ports';
import { expectNoSeriousA11yViolations, openAs } from './session';

/**
 * Issue 20's account emails, end to end through the real SMTP server of global-setup.ts:
 * an invited user activates from the email and signs in; a forgotten password is reset
 * from the email, and the session left open elsewhere is gone afterwards.
 */
const origin = `http://localhost:${E2E_PORT}`;

/** The staff side of the story: the demo employee invites a user to their first company. */
async function inviteAsStaff(email: string) {
  const staff = await apiAs('employee@demo.pinpoint.local');
  try {
    const list = await staff.get('/api/uni/user/clients');
    expect(list.status()).toBe(200);
    const { clients } = (await list.json()) as { clients: { id: number }[] };
    const res = await staff.post('/api/uni/insertUser', {
      data: { email, first_name: 'Ivy', last_name: 'Invited', company_id: clients[0]?.id ?? 0 },
    });
    expect(res.status()).toBe(201);
    expect((await res.json()).invitation).toBe('sent');
  } finally {
    await staff.dispose();
  }
}

async function setPasswordOnPage(page: Page, password: string, button: string) {
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Type it again').fill(password);
  await page.getByRole('button', { name: button }).click();
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

test('an invited user activates the account from the email and signs in', async ({
  page,
  browser,
  pageProblems,
}) => {
  const email = `ivy-${Date.now()}@invited.example`;
  const password = 'copper-pipes-and-valves';

  // Staff invite the person from the company's profile page.
  const office = await browser.newContext();
  const staff = await office.newPage();
  await openAs(staff, 'employee@demo.pinpoint.local');
  await staff.getByRole('link', { name: 'Profile', exact: true }).first().click();
  const form = staff.getByRole('form', { name: 'Invite a user' });
  await form.getByLabel('First name').fill('Ivy');
  await form.getByLabel('Last name').fill('Invited');
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(staff.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await office.close();

  // Before activation the login page says what to do.
  pageProblems.expectErrorAnswer(401);
  await page.goto('/login');
  await signIn(page, email, 'anything-at-all-here');
  await expect(page.getByRole('alert')).toContainText('This account is not activated yet.');
  await expect(page.getByRole('link', { name: 'Send me a new activation link' })).toBeVisible();

  const mail = await waitForMail(email, (m) => m.subject === 'Activate your Pinpoint account');
  expect(mail.html).toContain('/activate?token=');
  const link = linkIn(mail, '/activate');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Activate your account' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  // The form's own checks first: the two entries must match.
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Type it again').fill(`${password}x`);
  await page.getByRole('button', { name: 'Activate my account' }).click();
  await expect(page.getByText('The two passwords are not the same.')).toBeVisible();

  await setPasswordOnPage(page, password, 'Activate my account');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toContainText('Your account is active.');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL(/\/dashboard\//);

  // The link was single-use: opened again, it says so and offers a new one.
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('already been used');
  await expect(page.getByRole('link', { name: 'send me a new link' })).toBeVisible();
});

test('a forgotten password is reset from the email, and the old session is gone', async ({
  browser,
  request,
  pageProblems,
}) => {
  const email = `rita-${Date.now()}@reset.example`;
  const first = 'first-copper-password';
  const second = 'second-brass-password';
  await inviteAsStaff(email);
  const invitation = await waitForMail(email);
  const token = new URL(linkIn(invitation, '/activate')).searchParams.get('token');
  const activated = await request.post('/api/auth/activate', {
    headers: { origin },
    data: { token, password: first },
  });
  expect(activated.status()).toBe(200);

  // The user is signed in on one device...
  const laptop = await browser.newContext();
  const signedIn = await laptop.newPage();
  await signedIn.goto('/login');
  await signIn(signedIn, email, first);
  await signedIn.waitForURL(/\/dashboard\//);

  // ...and forgets the password on another.
  const phone = await browser.newContext();
  const page = await phone.newPage();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account uses this email');

  const mail = await waitForMail(email, (m) => m.subject === 'Reset your Pinpoint password');
  await page.goto(linkIn(mail, '/reset-password'));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await setPasswordOnPage(page, second, 'Save my new password');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toContainText('Your password has been changed');
  await page.getByLabel('Password', { exact: true }).fill(second);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL(/\/dashboard\//);

  // The laptop's session ended with the reset: its next page is the sign-in page.
  pageProblems.expectErrorAnswer(401);
  await signedIn.goto('/dashboard/overview');
  await expect(signedIn).toHaveURL(/\/login/);
  await laptop.close();
  await phone.close();
});

test('staff find the dev outbox in their menu, marked as not sent', async ({ page }) => {
  await openAs(page, 'admin@demo.pinpoint.local');
  await page.getByRole('link', { name: 'Dev outbox' }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/dev-outbox$/);
  await expect(page.getByRole('heading', { name: 'Dev outbox', level: 1 })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('Not sent — kept in the dev outbox.');
  // This server sends email through SMTP; texts from other specs may have been kept.
  await expect(
    page
      .getByRole('table', { name: 'Kept messages (not sent)' })
      .or(page.getByText('No kept messages match these filters.')),
  ).toBeVisible();
  await page.getByLabel('Channel').selectOption('sms');
  await expectNoSeriousA11yViolations(page);
});
