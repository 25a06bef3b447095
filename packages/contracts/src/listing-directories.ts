import { z } from 'zod';

/**
 * `GET /api/uni/system/listings` (SPEC §7): the business-listing directories the listings
 * products (managed-business-listings, business-listings) keep a company's name, address
 * and phone consistent on. System-wide reference data, the same for every caller.
 */
export const LISTING_DIRECTORY_KINDS = [
  'search',
  'maps',
  'social',
  'reviews',
  'directory',
] as const;
export const listingDirectoryKindSchema = z.enum(LISTING_DIRECTORY_KINDS);
export type ListingDirectoryKind = z.infer<typeof listingDirectoryKindSchema>;

export const listingDirectorySchema = z.object({
  slug: z.string(),
  name: z.string(),
  kind: listingDirectoryKindSchema,
  url: z.string(),
});
export type ListingDirectory = z.infer<typeof listingDirectorySchema>;

export const LISTING_DIRECTORIES: readonly ListingDirectory[] = [
  {
    slug: 'google',
    name: 'Google Business Profile',
    kind: 'search',
    url: 'https://business.google.com',
  },
  { slug: 'bing', name: 'Bing Places', kind: 'search', url: 'https://www.bingplaces.com' },
  {
    slug: 'apple-maps',
    name: 'Apple Business Connect',
    kind: 'maps',
    url: 'https://businessconnect.apple.com',
  },
  { slug: 'yelp', name: 'Yelp', kind: 'reviews', url: 'https://biz.yelp.com' },
  { slug: 'facebook', name: 'Facebook', kind: 'social', url: 'https://www.facebook.com' },
  { slug: 'instagram', name: 'Instagram', kind: 'social', url: 'https://www.instagram.com' },
  { slug: 'nextdoor', name: 'Nextdoor', kind: 'social', url: 'https://business.nextdoor.com' },
  { slug: 'tripadvisor', name: 'Tripadvisor', kind: 'reviews', url: 'https://www.tripadvisor.com' },
  { slug: 'bbb', name: 'Better Business Bureau', kind: 'reviews', url: 'https://www.bbb.org' },
  { slug: 'angi', name: 'Angi', kind: 'reviews', url: 'https://www.angi.com' },
  { slug: 'foursquare', name: 'Foursquare', kind: 'directory', url: 'https://foursquare.com' },
  {
    slug: 'yellow-pages',
    name: 'Yellow Pages',
    kind: 'directory',
    url: 'https://www.yellowpages.com',
  },
  { slug: 'superpages', name: 'Superpages', kind: 'directory', url: 'https://www.superpages.com' },
  { slug: 'mapquest', name: 'MapQuest', kind: 'maps', url: 'https://www.mapquest.com' },
  { slug: 'here', name: 'HERE WeGo', kind: 'maps', url: 'https://wego.here.com' },
  { slug: 'tomtom', name: 'TomTom', kind: 'maps', url: 'https://www.tomtom.com' },
  { slug: 'waze', name: 'Waze', kind: 'maps', url: 'https://www.waze.com' },
  { slug: 'manta', name: 'Manta', kind: 'directory', url: 'https://www.manta.com' },
  { slug: 'citysearch', name: 'Citysearch', kind: 'directory', url: 'https://www.citysearch.com' },
  {
    slug: 'chamber-of-commerce',
    name: 'ChamberofCommerce.com',
    kind: 'directory',
    url: 'https://www.chamberofcommerce.com',
  },
];

export const listingDirectoriesSchema = z.object({
  directories: z.array(listingDirectorySchema),
});
export type ListingDirectories = z.infer<typeof listingDirectoriesSchema>;
