import type { EmployeeClientRank } from '@pinpoint/contracts';

/**
 * The quick search: a client whose name matches keeps all its keywords; otherwise only its
 * matching keywords are kept, and a client with none is left out. Case-insensitive.
 */
export function filterClients(
  clients: readonly EmployeeClientRank[],
  text: string,
): EmployeeClientRank[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...clients];
  return clients.flatMap((client) => {
    if (client.companyName.toLowerCase().includes(needle)) return [client];
    const keywords = client.keywords.filter((k) => k.keyword.toLowerCase().includes(needle));
    return keywords.length > 0 ? [{ ...client, keywords }] : [];
  });
}
