/** What a page's loader checks beyond its area's session check (./page-checks). */
export interface PageRules {
  /** Route params that carry an encoded id (DECISIONS.md "Ids in URLs"). */
  ids?: string[];
  /** The route param that names a product slug. */
  product?: string;
  /** Only on dev hosts (SPEC §2). */
  devOnly?: boolean;
  /** Employee tools need `perm` or `admin`; admin tools need `admin`. */
  role?: 'employee' | 'admin';
}
