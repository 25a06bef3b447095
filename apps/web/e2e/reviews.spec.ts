import { addCalendarDays, formatDay, todayIn } from '@pinpoint/contracts';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, openAs } from './session';

const CLIENT = 'client@demo.pinpoint.local' as const;
/** Products with a reviews sub-page whose reviews come from Google. */
const GOOGLE_PRODUCTS =
  /^(Google Business Pro|Local Marketing Essentials|Tow Marketing Essentials|Google Calls Advisor)$/;
const ENCODED = '[A-Za-z]+\\+[123]-[A-Za-z0-9]{10}';

/** Signs the demo client in and opens the reviews sub-page of one of its Google products. */
async function openGoogleReviews(page: Page, query = ''): Promise<string> {
  await openAs(page, CLIENT, '/dashboard/products');
  const link = page.getByRole('link', { name: GOOGLE_PRODUCTS }).first();
  await expect(link).toBeVisible();
  const productHref = await link.getAttribute('href');
  expect(productHref).toMatch(new RegExp(`^/dashboard/products/[a-z-]+/${ENCODED}$`));
  await page.goto(`${productHref}/reviews${query}`);
  await expect(page.getByRole('heading', { name: 'Reviews', level: 1 })).toBeVisible();
  return productHref ?? '';
}

const reviews = (page: Page) => page.getByTestId('review');
const count = (page: Page) => page.getByTestId('reviews-count');

/** The spoken names of the star ratings on the page's reviews. */
async function starNames(list: Locator): Promise<string[]> {
  return list
    .getByRole('img', { name: /out of 5 stars$/ })
    .evaluateAll((stars) => stars.map((star) => star.getAttribute('aria-label') ?? ''));
}

test.describe('reviews', () => {
  test('a client opens a Google product’s reviews inside its frame: tabs, summary, chart data and the list', async ({
    page,
  }) => {
    const productHref = await openGoogleReviews(page);

    // The frame: tabs across the product's sub-pages, the current one marked, and its page.
    const tabs = page.getByRole('navigation', { name: / pages$/ });
    await expect(tabs.getByRole('link', { name: 'Reviews' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(tabs.getByRole('link', { name: 'Posts' })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('link', { name: 'Product page' })).toHaveAttribute(
      'href',
      productHref,
    );

    // The summary: figures, the distribution, freshness, and the chart's data as a table.
    await expect(page.getByTestId('card-count').getByTestId('card-value')).toHaveText(/^\d[\d,]*$/);
    await expect(page.getByTestId('card-average').getByTestId('card-value')).toHaveText(/^\d\.\d$/);
    await expect(page.getByTestId('card-response-rate').getByTestId('card-value')).toHaveText(
      /^\d+%$/,
    );
    await expect(page.getByTestId('distribution-row')).toHaveCount(5);
    await expect(page.getByTestId('freshness')).toContainText(/Last synced|Needs attention/);
    await page.getByRole('button', { name: 'Show data' }).click();
    await expect(page.getByRole('table', { name: 'Average rating by month: data' })).toBeVisible();

    // The list, 20 to a page.
    await expect(count(page)).toHaveText(/^1–20 of [\d,]+ reviews$/);
    await expect(reviews(page)).toHaveCount(20);
    await expectNoSeriousA11yViolations(page);
  });

  test('filters live in the address: 1–2 stars and not replied survive a reload; a word searches; pages turn', async ({
    page,
  }) => {
    // A year of reviews, so that every filter below has some to show.
    const today = todayIn();
    const year = `?range=custom&from=${addCalendarDays(today, -364)}&to=${today}`;
    const productHref = await openGoogleReviews(page, year);
    await expect(page.getByTestId('overview-range')).toContainText(
      `${formatDay(addCalendarDays(today, -364))} – ${formatDay(today)}`,
    );
    await expect(count(page)).toHaveText(/^1–20 of [\d,]+ reviews$/);

    // 1–2 stars, not replied: kept in the address, so a reload keeps them.
    await page.getByLabel('1 star', { exact: true }).check();
    await page.getByLabel('2 stars', { exact: true }).check();
    await expect(page).toHaveURL(/[?&]stars=1%2C2(&|$)/);
    await page.getByLabel('Reply', { exact: true }).selectOption({ label: 'Not replied' });
    await expect(page).toHaveURL(/[?&]replied=no(&|$)/);
    await page.reload();
    await expect(page.getByLabel('2 stars', { exact: true })).toBeChecked();
    await expect(page.getByLabel('Reply', { exact: true })).toHaveValue('no');
    await expect(count(page)).toHaveText(/ of [\d,]+ reviews?$/);
    for (const name of await starNames(page.getByTestId('review-list'))) {
      expect(name).toMatch(/^[12] out of 5 stars$/);
    }
    await expect(page.getByTestId('review-reply')).toHaveCount(0);

    // Back to everything, then a word from a review finds reviews that contain it.
    await page.goto(`${productHref}/reviews${year}`);
    const text = (await page.getByTestId('review-text').first().textContent()) ?? '';
    const word = text.split(/[^A-Za-z]+/).find((w) => w.length >= 5) ?? 'service';
    await page.getByLabel('Search reviews').fill(word);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${word}(&|$)`));
    await expect(count(page)).toHaveText(/^1–\d+ of [\d,]+ reviews?$/);
    // The search looks in the review's words and the reviewer's name. The
    // unfiltered page stays on screen until the search answers, so wait for
    // the list to become the searched one rather than reading it once.
    await expect
      .poll(async () => {
        const found = await reviews(page).allTextContents();
        return found.length > 0 && found.every((t) => t.toLowerCase().includes(word.toLowerCase()));
      })
      .toBe(true);

    // Paging.
    await page.getByLabel('Search reviews').fill('');
    await expect(page).not.toHaveURL(/[?&]q=/);
    await expect(count(page)).toHaveText(/^1–20 of /);
    await page
      .getByRole('navigation', { name: 'Review pages' })
      .getByRole('button', { name: 'Next' })
      .click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(count(page)).toHaveText(/^21–40 of [\d,]+ reviews$/);
  });

  test('a client drafts a reply, edits it, sends it and sees it sent; the detail page shows the history and deletes it after a confirm', async ({
    page,
  }) => {
    await openGoogleReviews(page, '?replied=no');
    const candidate = reviews(page)
      .filter({ has: page.getByTestId('review-text') })
      .first();
    const words = ((await candidate.getByTestId('review-text').textContent()) ?? '').trim();
    const detailHref =
      (await candidate.getByRole('link', { name: /^Details and history/ }).getAttribute('href')) ??
      '';
    expect(detailHref).toMatch(
      new RegExp(`^/dashboard/products/[a-z-]+/reviews/${ENCODED}/${ENCODED}$`),
    );
    // Once replied it would leave "not replied": find it by its words instead, to watch it.
    await page.getByLabel('Reply', { exact: true }).selectOption({ label: 'All reviews' });
    await page.getByLabel('Search reviews').fill(words.split(/\s+/).slice(0, 4).join(' '));
    await expect(page).toHaveURL(/[?&]q=/);
    const review = reviews(page).filter({ has: page.locator(`a[href="${detailHref}"]`) });
    await expect(review).toHaveCount(1);

    await review.getByRole('button', { name: 'Reply', exact: true }).click();
    const box = review.getByRole('textbox', { name: /^Your reply to / });
    await expect(box).toBeFocused();
    await review.getByRole('button', { name: 'Draft a reply' }).click();
    await expect(box).not.toHaveValue('');
    await expect(review.getByText(/^AI suggestion: read it and edit it/)).toBeVisible();
    await box.fill(`${await box.inputValue()} Casey, the owner`);
    await expect(review.getByText(/^\d[\d,]* \/ 4,096 characters$/)).toBeVisible();
    await review.getByRole('button', { name: 'Send reply' }).click();
    // The box closes once the write is queued; the outbox job sends it within seconds.
    await expect(box).toBeHidden();
    await expect(review.getByTestId('reply-status')).toContainText('Sent');
    await expect(review.getByTestId('review-reply')).toContainText('Casey, the owner');

    // The detail page: the review, its reply, and the write in the history.
    await review.getByRole('link', { name: /^Details and history/ }).click();
    await expect(page.getByRole('heading', { name: /^Review by /, level: 1 })).toBeVisible();
    await expect(page.locator('blockquote')).toHaveText(words);
    await expect(page.getByTestId('review-reply')).toContainText('Casey, the owner');
    const history = page.getByRole('table', { name: 'Reply history' });
    const row = history.getByRole('row').filter({ hasText: 'Casey, the owner' });
    await expect(row.getByTestId('write-status')).toHaveText('Sent');
    await expect(row.getByRole('cell').first()).toHaveText(
      /^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M$/,
    );

    // Deleting asks first, then goes through the outbox too.
    await page.getByRole('button', { name: 'Delete reply' }).click();
    await expect(page.getByRole('button', { name: 'Keep the reply' })).toBeFocused();
    await page.getByRole('button', { name: 'Yes, delete it' }).click();
    await expect(page.getByTestId('reply-status')).toContainText('Deleted');
    await expect(page.getByTestId('review-reply')).toHaveCount(0);
    await expect(history.getByRole('row').filter({ hasText: 'Delete reply' })).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);

    // "Back" returns to the list as it was.
    await page.getByRole('link', { name: 'Back to the reviews' }).click();
    await expect(page).toHaveURL(/\/reviews\?.*q=/);
  });

  test('the company reviews page lists reviews across products, each linking to its detail', async ({
    page,
  }) => {
    await openAs(page, CLIENT, '/dashboard/products/reviews');
    await expect(page.getByRole('heading', { name: 'Reviews', level: 1 })).toBeVisible();
    await expect(count(page)).toHaveText(/^1–20 of [\d,]+ reviews$/);
    await expect(page.getByTestId('card-count').getByTestId('card-value')).toHaveText(/^\d[\d,]*$/);
    const link = reviews(page)
      .first()
      .getByRole('link', { name: /^Details and history/ });
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/reviews/${ENCODED}/${ENCODED}$`));
    await expect(page.getByRole('heading', { name: /^Review by /, level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Reply history', level: 2 })).toBeVisible();
    // "Back" returns to the list it came from.
    await page.getByRole('link', { name: 'Back to the reviews' }).click();
    await expect(page).toHaveURL(/\/dashboard\/products\/reviews$/);
  });
});
