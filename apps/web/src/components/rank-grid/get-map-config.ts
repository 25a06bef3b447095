import { useAppConfig } from '../../lib/use-app-config';

/** The tile server from `GET /api/app-config` (null: maps are drawn without tiles). */
export function useMapConfig() {
  return useAppConfig((config) => ({
    tileUrl: config.tileUrl,
    attribution: config.tileAttribution,
  }));
}
