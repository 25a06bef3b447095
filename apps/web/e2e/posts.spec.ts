import { encodeId, instantToLocalDateTime } from '@pinpoint/contracts';
import type { Page } from '@playwright/test';
import { type DemoProduct, findDemoProduct, hasSubPage, running } from './demo-products';
import type { DemoAccount } from './demo-sessions';
import { expect, test } from './fixtures';
import { openAs } from './session';

/** A 4×3 PNG, uploaded as the post's picture. */
const PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVR4nGPQqtoARww4OQAwtg/x5kb2YQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The first running product with posts of a company `email` sees (of `companyName` only, when
 * given): a Google one unless `anySource` (the demo gives each company a random mix of
 * products).
 */
const postsProduct = (email: DemoAccount, companyName?: string, anySource = false) =>
  findDemoProduct(
    email,
    `a running product with posts${companyName ? ` of ${companyName}` : ''}`,
    (p) =>
      (!companyName || p.companyName === companyName) &&
      running(p) &&
      (anySource || p.slug !== 'facebook-pro') &&
      hasSubPage('posts')(p),
  );

/** Opens the product's posts as `email` (by default the account that found it). */
async function openPosts(page: Page, product: DemoProduct, email = product.account) {
  await openAs(page, email, `/dashboard/products/${product.slug}/${encodeId(product.id)}/posts`);
  await expect(page.getByRole('heading', { name: 'Posts', level: 1 })).toBeVisible();
  const list = await (
    await page.request.get(
      `/api/uni/products/socialposts/${product.slug === 'facebook-pro' ? 'facebook/' : ''}${product.id}?pageSize=1`,
    )
  ).json();
  return list.timeZone as string;
}

const row = (page: Page, text: string) => page.getByTestId('post-row').filter({ hasText: text });

test.describe('posts', () => {
  test('a client schedules an offer with a button and a picture; it goes out at its time', async ({
    page,
  }) => {
    test.slow(); // it waits for the scheduled time to come
    const product = await postsProduct('client@demo.pinpoint.local');
    const timeZone = await openPosts(page, product);
    const text = `Spring drain check, 20% off (${Date.now()})`;

    await page.getByRole('button', { name: 'New post' }).click();
    const form = page.getByRole('form', { name: 'New post' });
    await form.getByLabel('Kind of post').selectOption('OFFER');
    await form.getByLabel('Text').fill(text);
    await expect(form.getByText(`${text.length} of 1,500 characters`)).toBeVisible();
    await form.getByLabel('Title').fill('Spring drain check');
    const now = Date.now();
    await form
      .getByLabel('Starts')
      .fill(instantToLocalDateTime(new Date(now), timeZone).slice(0, 16));
    await form
      .getByLabel('Ends')
      .fill(instantToLocalDateTime(new Date(now + 14 * 86_400_000), timeZone).slice(0, 16));
    await form.getByLabel('Button', { exact: true }).selectOption('LEARN_MORE');
    // A bad link is refused in place, before anything is sent.
    await form.getByLabel('Button link').fill('not a link');
    await form.getByLabel('Publish now').check();
    await form.getByRole('button', { name: 'Publish' }).click();
    await expect(form.getByText('Use a full http(s) address.')).toBeVisible();
    await form.getByLabel('Button link').fill('https://summit-plumbing.example/spring');
    await form.getByLabel(/^Picture/).setInputFiles({
      name: 'offer.png',
      mimeType: 'image/png',
      buffer: PICTURE,
    });
    await expect(form.getByTestId('post-form-image')).toBeVisible();

    await form.getByLabel('Schedule').check();
    // About 20 s from now, in the company's time zone, to the second.
    const goesOut = new Date(Date.now() + 20_000);
    const seconds = String(goesOut.getUTCSeconds()).padStart(2, '0');
    const at = `${instantToLocalDateTime(goesOut, timeZone)}:${seconds}`;
    await form.getByLabel(/^Publish at/).fill(at);
    await form.getByRole('button', { name: 'Schedule' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'The post is scheduled.' }),
    ).toBeVisible();
    await expect(row(page, text).getByTestId('post-state')).toHaveText('Scheduled');

    // Nothing reloads the page: the job queue publishes it at its time, and the page hears.
    await expect(row(page, text).getByTestId('post-state')).toHaveText('Published', {
      timeout: 90_000,
    });
    await row(page, text).getByRole('link').click();
    await expect(page.getByRole('heading', { name: 'Post', level: 1 })).toBeVisible();
    await expect(
      page.getByText('Button: Learn more → https://summit-plumbing.example/spring'),
    ).toBeVisible();
    await expect(page.getByRole('img', { name: /^Shown with: Spring drain check/ })).toBeVisible();
  });

  test('staff write a post for a company that approves them; the client approves it', async ({
    browser,
  }) => {
    // Bayside Family Dental (the owner's first company, the one the bell shows) asks to
    // approve the agency's posts in the demo; the setting is made sure of, and put back.
    const product = await postsProduct('owner@demo.pinpoint.local', 'Bayside Family Dental', true);
    const client = await browser.newPage();
    await openAs(client, 'owner@demo.pinpoint.local', '/dashboard/overview');
    const settings = `/api/uni/client/${product.companyId}/settings`;
    const before = (await (await client.request.get(settings)).json()).approvalRequired;
    const setApproval = (on: boolean) =>
      client.request.put(settings, {
        data: { approvalRequired: on },
        headers: { origin: new URL(client.url()).origin },
      });
    expect((await setApproval(true)).ok()).toBe(true);
    test.info().attach('approval was', { body: String(before) });
    const staff = await browser.newPage();
    await openPosts(staff, product, 'admin@demo.pinpoint.local');
    const text = `New Saturday hours for cleanings (${Date.now()})`;
    await staff.getByRole('button', { name: 'New post' }).click();
    const form = staff.getByRole('form', { name: 'New post' });
    await form.getByLabel('Text').fill(text);
    await form.getByLabel('Publish now').check();
    await form.getByRole('button', { name: 'Publish' }).click();
    await expect(
      staff
        .getByRole('status')
        .filter({ hasText: 'The post waits for the company to approve it.' }),
    ).toBeVisible();
    await expect(row(staff, text).getByTestId('post-state')).toHaveText('Awaiting approval');

    await client.reload();
    await client.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    const panel = client.getByRole('dialog', { name: 'Notifications' });
    const item = panel
      .getByRole('listitem')
      .filter({ hasText: /Approve a post for (Google|Facebook)/ })
      .filter({ hasText: text.slice(0, 30) });
    await expect(item).toBeVisible();
    await item.getByRole('button', { name: 'Approve' }).click();
    await expect(panel.getByTestId('notifications-news')).toContainText('was approved by');

    // Staff's page hears of it: out it goes, and it is published.
    await expect(row(staff, text).getByTestId('post-state')).toHaveText('Published', {
      timeout: 30_000,
    });

    // A second one is declined with a reason, which comes back to staff with it.
    const second = `Free whitening consult in May (${Date.now()})`;
    await staff.getByRole('button', { name: 'New post' }).click();
    await form.getByLabel('Text').fill(second);
    await form.getByLabel('Publish now').check();
    await form.getByRole('button', { name: 'Publish' }).click();
    await expect(row(staff, second).getByTestId('post-state')).toHaveText('Awaiting approval');
    const held = panel
      .getByRole('listitem')
      .filter({ hasText: /Approve a post for (Google|Facebook)/ })
      .filter({ hasText: second.slice(0, 30) });
    await expect(held).toBeVisible();
    await held.getByRole('button', { name: 'Decline' }).click();
    await held.getByLabel(/^Why\?/).fill('Not in May, please: June.');
    await held.getByRole('form').getByRole('button', { name: 'Decline' }).click();
    await expect(panel.getByTestId('notifications-news')).toContainText('was declined by');
    await expect(row(staff, second).getByTestId('post-state')).toHaveText('Declined');
    await expect(row(staff, second)).toContainText('Declined: “Not in May, please: June.”');
    if (!before) expect((await setApproval(false)).ok()).toBe(true);
  });

  test("a draft takes one of the profile's photos as its picture", async ({ page }) => {
    const product = await postsProduct('client@demo.pinpoint.local');
    await openPosts(page, product);
    const text = `A look at our new van (${Date.now()})`;
    await page.getByRole('button', { name: 'New post' }).click();
    const form = page.getByRole('form', { name: 'New post' });
    await form.getByLabel('Text').fill(text);
    await form.getByRole('button', { name: 'Or choose one of the profile photos' }).click();
    const photos = form.getByRole('list', { name: 'Profile photos' });
    const first = photos.getByRole('button').first();
    const name = await first.getByRole('img').getAttribute('alt');
    await first.click();
    await expect(photos).toHaveCount(0);
    await expect(form.getByTestId('post-form-image')).toBeVisible();
    await form.getByLabel('Save as draft').check();
    await form.getByRole('button', { name: 'Save draft' }).click();
    await expect(row(page, text).getByTestId('post-state')).toHaveText('Draft');
    await row(page, text).getByRole('link').click();
    await expect(page.getByRole('heading', { name: 'Post', level: 1 })).toBeVisible();
    expect(name).toBeTruthy();
    await expect(page.getByRole('img', { name: /^Shown with:/ })).toBeVisible();
  });
});
