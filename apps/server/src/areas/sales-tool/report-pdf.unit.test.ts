import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { salesReportPageCount } from '@pinpoint/contracts';
import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  AGENCY_LOGO_MAX_BYTES,
  checkAgencyLogoFile,
  verifyAgencyLogo,
} from '../../config/agency-brand';
import { ConfigError, loadConfig } from '../../config/config';
import { renderProspectReportPdf } from './report-pdf';
import { sampleProspectReport } from './report-sample';

const dir = mkdtempSync(path.join(tmpdir(), 'report-pdf-'));

async function parse(pdf: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const text = await parser.getText();
    return { pages: text.total, text: text.text };
  } finally {
    await parser.destroy();
  }
}

/** Image XObjects written into the file (each embedded picture once). */
const imageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;

describe('the prospect report PDF', () => {
  // Its speed is measured by `npm run bench` (bench/prospect-pdf.bench.ts), not asserted here.
  it('renders 13×13 × 5 keywords in exactly grids + 2 pages, the same bytes twice', async () => {
    const report = sampleProspectReport({ size: 13, keywords: 5 });
    await renderProspectReportPdf(report, null); // fonts and canvas warm
    const pdf = await renderProspectReportPdf(report, null);
    const { pages, text } = await parse(pdf);
    expect(pages).toBe(salesReportPageCount(5));
    expect(imageCount(pdf)).toBe(5);
    for (const grid of report.grids) expect(text).toContain(grid.keyword);
    expect(text).toContain(report.business.name);
    expect(text).toContain('Bayside Marketing');
    expect(text).toContain('Page 7 of 7');
    expect(Buffer.compare(pdf, await renderProspectReportPdf(report, null))).toBe(0);
  });

  it('keeps to its page count when everything is long: cut with "and N more"', async () => {
    const report = sampleProspectReport({ size: 7, keywords: 2 });
    report.business.name = `${'Very Long Business Name '.repeat(12)}LLC`;
    report.recommendations = Array.from({ length: 40 }, (_, i) => ({
      kind: 'keyword' as const,
      title: `Recommendation ${i + 1} ${'with a long title '.repeat(8)}`,
      body: 'Measured gap. '.repeat(200),
      evidence: [],
    }));
    report.listings?.directories.push(
      ...Array.from({ length: 60 }, (_, i) => ({
        directory: `more-${i}`,
        name: `Extra directory ${i}`,
        status: 'missing' as const,
        issues: [],
      })),
    );
    const { pages, text } = await parse(await renderProspectReportPdf(report, null));
    expect(pages).toBe(salesReportPageCount(2));
    expect(text).toMatch(/and \d+ more recommendations/);
    expect(text).toContain('and 72 more directories');
    expect(text).toContain('and 2 more competitors');
  });

  it('renders a report with no grid, listings, page speed or recommendation in 2 pages', async () => {
    const report = {
      ...sampleProspectReport(),
      grids: [],
      competitors: [],
      listings: null,
      pageSpeed: null,
      recommendations: [],
    };
    const { pages, text } = await parse(await renderProspectReportPdf(report, null));
    expect(pages).toBe(salesReportPageCount(0));
    expect(text).toContain('No grid has finished yet');
    expect(text).toContain('No recommendation has been drafted yet.');
  });

  it('puts the logo on every page when there is one', async () => {
    const logo = await sharp({
      create: { width: 300, height: 100, channels: 3, background: '#f08c00' },
    })
      .png()
      .toBuffer();
    const pdf = await renderProspectReportPdf(sampleProspectReport({ keywords: 1 }), logo);
    // pdfkit writes a buffer image once per call: the heatmap and the logo on 3 pages.
    expect(imageCount(pdf)).toBe(1 + 3);
    expect((await parse(pdf)).pages).toBe(3);
  });
});

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('the agency brand in the configuration', () => {
  it('defaults to the Pinpoint blue and orange and no logo', () => {
    expect(loadConfig({}).agency).toMatchObject({
      logoFile: null,
      primaryColor: '#1f5fbf',
      accentColor: '#f08c00',
    });
  });

  it('refuses a colour that is not #rrggbb, naming the variable', () => {
    expect(problemsOf({ PINPOINT_AGENCY_PRIMARY_COLOR: 'blue' })).toEqual([
      'PINPOINT_AGENCY_PRIMARY_COLOR must be a colour like #1f5fbf (got "blue")',
    ]);
    expect(problemsOf({ PINPOINT_AGENCY_ACCENT_COLOR: '#fff' })).toEqual([
      'PINPOINT_AGENCY_ACCENT_COLOR must be a colour like #f08c00 (got "#fff")',
    ]);
    expect(loadConfig({ PINPOINT_AGENCY_PRIMARY_COLOR: '#ABCDEF' }).agency.primaryColor).toBe(
      '#abcdef',
    );
  });

  it('refuses a missing, oversized or non-image logo file with a clear message', () => {
    const missing = path.join(dir, 'nope.png');
    expect(problemsOf({ PINPOINT_AGENCY_LOGO_FILE: missing })).toEqual([
      `PINPOINT_AGENCY_LOGO_FILE names no file that can be read (got "${missing}")`,
    ]);
    expect(problemsOf({ PINPOINT_AGENCY_LOGO_FILE: dir })[0]).toMatch(/is not a file/);
    const big = path.join(dir, 'big.png');
    writeFileSync(big, Buffer.alloc(AGENCY_LOGO_MAX_BYTES + 1));
    expect(problemsOf({ PINPOINT_AGENCY_LOGO_FILE: big })[0]).toBe(
      'PINPOINT_AGENCY_LOGO_FILE must be at most 1 MB (got 1,048,577 bytes)',
    );
    const text = path.join(dir, 'logo.txt');
    writeFileSync(text, 'not a picture');
    expect(problemsOf({ PINPOINT_AGENCY_LOGO_FILE: text })[0]).toBe(
      `PINPOINT_AGENCY_LOGO_FILE must be a PNG or JPEG image (got "${text}")`,
    );
  });

  it('accepts a real PNG or JPEG, and sharp refuses one that only starts like a PNG', async () => {
    const jpeg = path.join(dir, 'logo.jpg');
    await sharp({ create: { width: 50, height: 20, channels: 3, background: '#000' } })
      .jpeg()
      .toFile(jpeg);
    const config = loadConfig({ PINPOINT_AGENCY_LOGO_FILE: jpeg });
    expect(config.agency.logoFile).toEqual({ file: jpeg, type: 'image/jpeg' });
    if (!config.agency.logoFile) throw new Error('no logo');
    expect(await verifyAgencyLogo(config.agency.logoFile)).toEqual({ width: 50, height: 20 });

    const fake = path.join(dir, 'fake.png');
    writeFileSync(fake, Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64)]));
    const checked = checkAgencyLogoFile(fake);
    if ('problem' in checked) throw new Error(checked.problem);
    await expect(verifyAgencyLogo(checked)).rejects.toThrow(
      /^PINPOINT_AGENCY_LOGO_FILE is not a readable image/,
    );
  });
});
