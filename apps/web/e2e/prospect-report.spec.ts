import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './session';

/**
 * The shared prospect report's refusals, signed out: a missing, a broken and an expired
 * link each say so plainly (the full flow, share → open → PDF, is power-tool.spec.ts's).
 */

test('a missing or broken report link says it is not valid, at phone width', async ({
  page,
  pageProblems,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/shared/prospect-report');
  const problem = page.getByTestId('link-problem');
  await expect(problem).toContainText('This report link is not valid.');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'This report link is not valid.',
  );

  // A real token's shape with a signature that is not ours: the server refuses it (400).
  pageProblems.expectErrorAnswer(400, 'This report link is not valid.');
  await page.goto(
    '/shared/prospect-report?token=eyJ2IjoyfQ.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  );
  await expect(problem).toHaveAttribute('data-reason', 'invalid');
  await expect(problem).toContainText('This report link is not valid.');
  await expect(problem).toContainText('copied completely');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(overflow).toBe(false);
  await expectNoSeriousA11yViolations(page);
});

test('an expired report link says so and how to get a new one', async ({ page, pageProblems }) => {
  // The browser cannot sign a genuine expired token (the secret never leaves the server,
  // whose 410 is covered by sales-report.api.test.ts): the answer is the server's, verbatim.
  const message = 'This report link has expired. Ask whoever sent it for a new one.';
  // Every API call goes through the gateway (POST /database/request); only the report's
  // own call is answered here, the rest reach the server.
  await page.route('**/database/request', (route) =>
    route.request().postData()?.includes('/api/public/prospect-report')
      ? route.fulfill({
          status: 410,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'LINK_EXPIRED', message } }),
        })
      : route.continue(),
  );
  pageProblems.expectErrorAnswer(410, message);
  await page.goto('/shared/prospect-report?token=expired.token');
  const problem = page.getByTestId('link-problem');
  await expect(problem).toHaveAttribute('data-reason', 'expired');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message);
  await expect(problem).toContainText('share a fresh one');
  await expectNoSeriousA11yViolations(page);
});
