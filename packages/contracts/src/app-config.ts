import { z } from 'zod';

/** Settings the web app needs at run time (no secrets): `GET /api/app-config`. */
export const appConfigSchema = z.object({
  /** The production host (from PUBLIC_URL), where browser error logging runs; null if unset. */
  productionHost: z.string().nullable(),
  /**
   * The map tile URL template (`{z}/{x}/{y}`, optionally `{s}`) from PINPOINT_TILE_URL; null
   * when maps are drawn without tiles (tests, or an operator who set it empty).
   */
  tileUrl: z.string().nullable(),
  /** The attribution the tile provider requires (HTML allowed by Leaflet; ours is plain text). */
  tileAttribution: z.string(),
  /**
   * How trial leads reach the agency (PINPOINT_AGENCY_NAME/EMAIL/PHONE; the demo agency's
   * own details by default). A missing e-mail or phone is not offered.
   */
  agency: z.object({
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
});
export type AppConfigResponse = z.infer<typeof appConfigSchema>;

/** OpenStreetMap's standard tiles, the default outside tests (their usage policy applies). */
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const OSM_TILE_ATTRIBUTION = '© OpenStreetMap contributors';
