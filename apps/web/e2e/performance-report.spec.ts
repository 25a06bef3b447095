import { readFile } from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, openAs } from './session';

interface Sources {
  companyName: string;
  sources: { source: string; title: string }[];
}

test.describe('performance report', () => {
  test('a client opens 30 days, reads the charts and their data, downloads CSV and PDF', async ({
    page,
  }) => {
    await openAs(page, 'client@demo.pinpoint.local', '/dashboard/performance-report?range=30_days');
    const { clients } = await (await page.request.get('/api/uni/user/clients')).json();
    const companyId = (clients as { id: number }[])[0]?.id;
    const info: Sources = await (
      await page.request.get(`/api/uni/charts/performancereport/sources/${companyId}`)
    ).json();
    const titles = info.sources.map((s) => s.title);
    // The demo client's company reads a Business Profile location (its Google product).
    expect(titles).toContain('Google Business Profile');

    await expect(page.getByRole('heading', { name: 'Performance report', level: 1 })).toBeVisible();
    const google = page.getByRole('region', { name: 'Google Business Profile' });
    await expect(
      google.getByRole('table', { name: 'Google Business Profile: totals' }),
    ).toBeVisible();
    if (titles.includes('Facebook Ads')) {
      await expect(
        page
          .getByRole('region', { name: 'Facebook Ads' })
          .getByRole('table', { name: 'Facebook Ads: totals' }),
      ).toBeVisible();
    }
    // Issue 18: a company with a website product has its uptime checks charted.
    if (titles.includes('Website')) {
      await expect(
        page
          .getByRole('region', { name: 'Website' })
          .getByRole('table', { name: 'Website: totals' }),
      ).toBeVisible();
    }
    // The sources the company has no data for are named, not charted.
    await expect(page.getByText(/^Listings: not in this report\./)).toBeVisible();

    await google.getByRole('button', { name: 'Show data' }).click();
    const data = google.getByRole('table', { name: 'Google Business Profile: data' });
    await expect(data.getByRole('row')).toHaveCount(31); // header + 30 days
    await expectNoSeriousA11yViolations(page);

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^performance-report-\d+-.*\.csv$/);
    const lines = (await readFile(await csv.path(), 'utf8')).trim().split(/\r?\n/);
    expect(lines[0]).toBe('source,date,metric,value');
    expect(lines.some((l) => /^Google Business Profile,\d\d\/\d\d\/\d{4},Calls,\d+$/.test(l))).toBe(
      true,
    );
    expect(lines.length).toBeGreaterThan(30 * 5);

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download PDF' }).click(),
    ]);
    const bytes = await readFile(await pdf.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const parser = new PDFParse({ data: new Uint8Array(bytes) });
    const text = await parser.getText();
    await parser.destroy();
    expect(text.total).toBeGreaterThanOrEqual(1);
    expect(text.text).toContain(info.companyName);
    for (const title of titles) expect(text.text).toContain(title);
  });
});
