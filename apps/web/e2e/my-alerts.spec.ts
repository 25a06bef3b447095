import { expect, test } from './fixtures';
import { openAs } from './session';

/** Another character in the signature: the link still looks right but is forged. */
function tamper(url: string): string {
  const last = url.at(-1) === 'A' ? 'B' : 'A';
  return url.slice(0, -1) + last;
}

test.describe('my alerts and the shared read-only link', () => {
  test('a client sees their alerts, shares a link, and a signed-out visitor opens it', async ({
    page,
    browser,
    pageProblems,
  }) => {
    // The forged link at the end is refused on purpose.
    pageProblems.expectErrorAnswer(400, 'This alerts link is not valid.');
    await openAs(page, 'client@demo.pinpoint.local');
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'My alerts' })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/my-alerts$/);
    await expect(page.getByRole('heading', { name: 'My alerts', level: 1 })).toBeVisible();
    // The demo seed decides how many alerts Summit has (3–5) and which are unread; the
    // page must show them all, and the filter exactly the unread ones.
    const list = page.getByRole('list', { name: 'Alerts' });
    await expect(list.getByRole('listitem').first()).toBeVisible();
    const total = await list.getByRole('listitem').count();
    expect(total).toBeGreaterThanOrEqual(3);
    const unread = await list.getByText('Unread', { exact: true }).count();
    expect(unread).toBeGreaterThanOrEqual(1);

    await page.getByLabel('Unread only').check();
    await expect(list.getByRole('listitem')).toHaveCount(unread);

    await page.getByLabel('Link expires after').selectOption('30');
    await page.getByRole('button', { name: 'Create link' }).click();
    const field = page.getByRole('textbox', { name: 'Read-only link' });
    await expect(field).toHaveValue(/\/my-alerts\?token=[\w-]+\.[\w-]+$/);
    await expect(page.getByTestId('share-link-expiry')).toContainText('Works until');
    const url = await field.inputValue();
    await page.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByText(/Link copied|Copying is not possible here/)).toBeVisible();

    // A fresh browser context: no session cookie, no storage.
    const visitor = await browser.newContext();
    const shared = await visitor.newPage();
    await shared.goto(url);
    await expect(
      shared.getByRole('heading', { name: 'Alerts for Summit Plumbing & Drain', level: 1 }),
    ).toBeVisible();
    await expect(
      shared
        .getByRole('list', { name: 'Alerts for Summit Plumbing & Drain' })
        .getByRole('listitem'),
    ).toHaveCount(total);
    await expect(shared.getByRole('button', { name: 'Log out' })).toHaveCount(0);
    const token = new URL(url).searchParams.get('token') ?? '';
    const stored = await shared.evaluate(() =>
      JSON.stringify({ ...localStorage, ...sessionStorage }),
    );
    expect(stored).not.toContain(token);

    await shared.goto(tamper(url));
    await expect(
      shared.getByRole('heading', { name: 'This alerts link is not valid.' }),
    ).toBeVisible();
    await expect(shared.getByRole('main').getByRole('link', { name: 'log in' })).toBeVisible();
    await visitor.close();
  });

  test('without a token, the page says the link is not valid and offers to log in', async ({
    page,
  }) => {
    await page.goto('/my-alerts');
    await expect(
      page.getByRole('heading', { name: 'This alerts link is not valid.' }),
    ).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'log in' }).click();
    await expect(page).toHaveURL(/\/login\?next=%2Fdashboard%2Fmy-alerts$/);
  });

  test('an owner of several companies picks one; the shared page fits a phone', async ({
    page,
    browser,
  }) => {
    await openAs(page, 'owner@demo.pinpoint.local', '/dashboard/my-alerts');
    const select = page.getByRole('combobox', { name: 'Company' });
    await expect(select).toBeVisible();
    await select.selectOption({ label: 'Harbor Smiles Orthodontics' });
    await expect(page.getByRole('list', { name: 'Alerts' })).toContainText('Harbor Smiles');
    await page.getByRole('button', { name: 'Create link' }).click();
    const url = await page.getByRole('textbox', { name: 'Read-only link' }).inputValue();

    const phone = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const shared = await phone.newPage();
    await shared.goto(url);
    await expect(
      shared.getByRole('heading', { name: 'Alerts for Harbor Smiles Orthodontics' }),
    ).toBeVisible();
    const overflow = await shared.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.close();
  });
});
