import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, openAs } from './session';

test('staff estimate a keyword for a US geo target and see the forecast, the ideas and the source', async ({
  page,
}) => {
  await openAs(page, 'employee@demo.pinpoint.local', '/dashboard/employee/ads-estimator');
  await expect(page.getByRole('heading', { name: 'Ads estimator', level: 1 })).toBeVisible();

  // Validation in place, before anything is sent.
  await page.getByRole('button', { name: 'Run estimate' }).click();
  await expect(page.getByText('Give at least one keyword.')).toBeVisible();
  await expect(page.getByText('Choose a geo target from the list.')).toBeVisible();

  await page.getByLabel('Keywords').fill('water heater repair');
  const geo = page.getByRole('combobox', { name: 'Geo target' });
  await geo.fill('Austin');
  const option = page.getByRole('option', { name: /Austin, Texas/ });
  await expect(option).toBeVisible();
  // The keyboard chooses it: the first match is active, Enter picks it.
  await geo.press('ArrowDown');
  await geo.press('ArrowUp');
  await geo.press('Enter');
  await expect(geo).toHaveValue('Austin,Texas,United States');
  await page.getByLabel('Monthly budget (USD)').fill('1,500');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Run estimate' }).click();

  const results = page.getByRole('region', { name: /Forecast for Austin, Texas/ });
  await expect(results).toBeVisible();
  for (const label of ['Impressions', 'Clicks', 'Cost', 'Conversions']) {
    const value = await results
      .locator('dt', { hasText: new RegExp(`^${label}$`) })
      .locator('+ dd')
      .innerText();
    expect(Number(value.replace(/[$,]/g, '')), label).toBeGreaterThan(0);
  }
  await expect(page.getByTestId('estimator-source')).toContainText('demo model');
  const ideas = page.getByRole('table', { name: 'Keyword ideas' });
  await expect(ideas.getByRole('rowheader', { name: 'water heater repair' })).toBeVisible();
  expect(await ideas.getByRole('row').count()).toBeGreaterThan(2);
  await expectNoSeriousA11yViolations(page);
});

test('a client is not shown the ads estimator, and the API refuses them', async ({
  page,
  baseURL,
}) => {
  await openAs(page, 'client@demo.pinpoint.local', '/dashboard/employee/ads-estimator');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  const answer = await page.request.post('/database/request', {
    headers: { origin: baseURL ?? '' },
    data: {
      method: 'POST',
      url: '/api/googleads/',
      data: {
        report: 'estimator/calculate',
        keywords: ['water heater repair'],
        geoTarget: '21176',
        monthlyBudgetCents: 150_000,
      },
    },
  });
  expect(answer.status()).toBe(403);
  expect((await answer.json()).error.message).toContain('for agency staff');
});
