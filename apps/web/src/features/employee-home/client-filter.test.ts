import type { EmployeeClientRank, ScanSummary } from '@pinpoint/contracts';
import { describe, expect, it } from 'vitest';
import { filterClients } from './client-filter';

const scan = (keyword: string): ScanSummary => ({
  id: keyword.length,
  companyId: 1,
  configId: null,
  itemId: null,
  keyword,
  size: 3,
  radius: 2,
  unit: 'mi',
  status: 'done',
  origin: 'scheduled',
  createdAt: '2025-03-01T00:00:00.000Z',
  finishedAt: null,
  atrp: 5,
  arp: 4,
  solv: 30,
  foundIn: 7,
});

const client = (companyName: string, keywords: string[]): EmployeeClientRank => ({
  companyId: companyName.length,
  companyName,
  city: null,
  state: null,
  vertical: null,
  keywords: keywords.map(scan),
});

const clients = [
  client('Summit Plumbing', ['plumber', 'water heater repair']),
  client('Bayside Dental', ['dentist', 'emergency dentist']),
];

describe('filterClients', () => {
  it('keeps every keyword of a client whose name matches, case-insensitively', () => {
    expect(filterClients(clients, '  SUMMIT ').map((c) => c.keywords.length)).toEqual([2]);
  });

  it('keeps only the matching keywords when just keywords match', () => {
    const found = filterClients(clients, 'emergency');
    expect(found.map((c) => [c.companyName, c.keywords.map((k) => k.keyword)])).toEqual([
      ['Bayside Dental', ['emergency dentist']],
    ]);
    expect(filterClients(clients, 'roofing')).toEqual([]);
    expect(filterClients(clients, '')).toHaveLength(2);
  });
});
