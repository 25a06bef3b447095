import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { registerAreas } from '../platform/composition/area';
import { areaCatalog } from './catalog';

const AREAS_DIR = path.dirname(new URL(import.meta.url).pathname);

/** Production files only: tests and their fixtures may reach any area. */
const isTestSupport = (file: string) =>
  /\.test\.ts$|test-setup\.ts$|\.fixtures\.ts$|test-people\.ts$/.test(file);

/** The other areas a folder's production files import (`from '../<area>'`). */
function importedAreas(area: string): Set<string> {
  const found = new Set<string>();
  const dir = path.join(AREAS_DIR, area);
  for (const file of fs.readdirSync(dir, { recursive: true }) as string[]) {
    if (!file.endsWith('.ts') || isTestSupport(file)) continue;
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const [, other] of text.matchAll(/from '\.\.\/([a-z-]+)(?:\/[^']*)?'/g)) {
      if (other !== area) found.add(other as string);
    }
  }
  return found;
}

describe('the area catalog', () => {
  const folders = fs
    .readdirSync(AREAS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

  it('registers every area folder once, by its folder name', () => {
    const names = areaCatalog.areas.map((area) => area.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(folders);
  });

  it('lets an area import another only when its descriptor names it under needs', () => {
    const undeclared: string[] = [];
    for (const area of areaCatalog.areas) {
      const needs = new Set(area.needs.map((need) => need.name));
      for (const other of importedAreas(area.name)) {
        if (!needs.has(other)) undeclared.push(`${area.name} imports ${other}`);
      }
    }
    expect(undeclared).toEqual([]);
    // The check reads real imports: profile uses places and clients, and says so.
    expect([...importedAreas('profile')].sort()).toEqual(['clients', 'places']);
  });

  it('refuses at start-up an area whose needs are not registered before it', async () => {
    const [first, ...rest] = areaCatalog.areas;
    const needing = rest.find((area) => area.needs.length > 0);
    expect(first).toBeDefined();
    expect(needing).toBeDefined();
    const app = {} as Parameters<typeof registerAreas>[0];
    const context = {} as Parameters<typeof registerAreas>[1];
    await expect(registerAreas(app, context, [needing as (typeof rest)[number]])).rejects.toThrow(
      `The area ${needing?.name} needs ${needing?.needs[0]?.name}, which is not registered before it`,
    );
  });
});
