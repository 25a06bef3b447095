import { encodeId } from '@pinpoint/contracts';
import type { Page } from '@playwright/test';
import { findDemoProduct, hasSubPage, running } from './demo-products';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, openAs } from './session';

/** A running product with Q&A (the Google ones) of the client's companies. */
const qaProduct = () =>
  findDemoProduct(
    'client@demo.pinpoint.local',
    'a running product with Q&A',
    (p) => running(p) && hasSubPage('qa')(p),
  );

const qaPath = (product: { id: number; slug: string }) =>
  `/dashboard/products/${product.slug}/${encodeId(product.id)}/qa`;

async function openQa(page: Page, product: { id: number; slug: string }) {
  if (new URL(page.url()).pathname !== qaPath(product)) await page.goto(qaPath(product));
  await expect(page.getByRole('heading', { name: 'Questions & answers', level: 1 })).toBeVisible();
  await expect(
    page.getByText('retired the Business Profile Q&A API on 3 November 2025'),
  ).toBeVisible();
}

const item = (page: Page, text: string) =>
  page.getByTestId('qa-question').filter({ hasText: text });

test.describe('Business Profile Q&A', () => {
  test('staff record a question; the client drafts an answer with AI, edits and saves it; staff confirm it live', async ({
    browser,
    pageProblems,
  }) => {
    // The future day below is refused by the server on purpose (400).
    pageProblems.expectErrorAnswer(400);
    // Pages of contexts of their own: axe-core needs one for each page it checks.
    const client = await (await browser.newContext()).newPage();
    const product = await qaProduct();
    await openAs(client, 'client@demo.pinpoint.local', qaPath(product));
    const { businessName } = await (
      await client.request.get(`/api/uni/products/googleqa/${product.id}?pageSize=1`)
    ).json();
    await openQa(client, product);
    // The demo history is there, unanswered first; a client neither records nor confirms.
    await expect(client.getByTestId('qa-question').first().getByTestId('qa-state')).toHaveText(
      'Unanswered',
    );
    await expect(client.getByRole('button', { name: 'Record a question' })).toHaveCount(0);
    await expect(client.getByRole('button', { name: 'Confirm live' })).toHaveCount(0);

    const staff = await (await browser.newContext()).newPage();
    await openAs(staff, 'admin@demo.pinpoint.local', qaPath(product));
    await openQa(staff, product);
    const text = `Do you repair sump pumps on Sundays? (${Date.now()})`;
    await staff.getByRole('button', { name: 'Record a question' }).click();
    const form = staff.getByRole('form', { name: 'Record a question' });
    await form.getByLabel('Name shown on the profile').fill('Dana W.');
    await form.getByLabel('Question').fill(text);
    // A day in the future is refused by the server, in place, and nothing is recorded.
    await form.getByLabel('Asked on').fill('2999-01-01');
    await form.getByRole('button', { name: 'Record question' }).click();
    await expect(form.getByText('The day cannot be in the future.')).toBeVisible();
    const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    await form.getByLabel('Asked on').fill(yesterday);
    await form.getByRole('button', { name: 'Record question' }).click();
    await expect(staff.getByRole('status').filter({ hasText: 'recorded' })).toHaveText(
      'The question is recorded.',
    );
    await expect(item(staff, text).getByTestId('qa-state')).toHaveText('Unanswered');

    // The client's open page hears of it without a reload.
    await expect(item(client, text).getByTestId('qa-state')).toHaveText('Unanswered');
    await item(client, text).getByRole('button', { name: 'Answer', exact: true }).click();
    const answer = client.getByRole('form', { name: 'Answer Dana W.' });
    await answer.getByRole('button', { name: 'Draft with AI' }).click();
    await expect(answer.getByText(/^AI suggestion: read it and edit it/)).toBeVisible();
    const box = answer.getByLabel('Your answer to Dana W.');
    await expect(box).toHaveValue(
      new RegExp(`- ${businessName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    );
    const drafted = await box.inputValue();
    const edited = `Yes, Sunday visits are on request. ${drafted}`;
    await box.fill(edited);
    await expect(answer.getByText(`${edited.trim().length} / 1,500 characters`)).toBeVisible();
    await answer.getByRole('button', { name: 'Save answer' }).click();
    await expect(
      client.getByRole('status').filter({ hasText: 'The answer is saved and marked' }),
    ).toHaveText('The answer is saved and marked “To publish on Google”.');
    await expect(item(client, text).getByTestId('qa-state')).toHaveText('To publish on Google');
    await expect(item(client, text).getByTestId('qa-answer')).toContainText(
      'Yes, Sunday visits are on request.',
    );

    // Staff, having put it on the profile, confirm it live; both pages show it.
    await expect(item(staff, text).getByTestId('qa-state')).toHaveText('To publish on Google');
    await item(staff, text).getByRole('button', { name: 'Confirm live' }).click();
    await staff.getByRole('button', { name: 'Yes, it is live' }).click();
    await expect(item(staff, text).getByTestId('qa-state')).toHaveText('Live on Google');
    await expect(item(client, text).getByTestId('qa-state')).toHaveText('Live on Google');
    await expectNoSeriousA11yViolations(staff);

    // The filters count and narrow by state.
    await client.getByRole('button', { name: /^Live on Google \(\d+\)$/ }).click();
    await expect(item(client, text)).toBeVisible();
    await expect(
      client.getByTestId('qa-state').filter({ hasNotText: 'Live on Google' }),
    ).toHaveCount(0);
    await expectNoSeriousA11yViolations(client);
  });
});
