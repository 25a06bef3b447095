import type { PointState } from '@pinpoint/contracts';
import type * as Leaflet from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useMapConfig } from './get-map-config';
import { BAND_STYLES, pinText, pointDescription, rankBand } from './rank-bands';
import './rank-grid.css';

export interface MapPoint {
  index: number;
  lat: number;
  lng: number;
  state: PointState;
  rank: number | null;
  enabled: boolean;
}

export interface RankMapProps {
  /** Names the map for screen readers, e.g. "Rank grid map for plumber". */
  label: string;
  points: MapPoint[];
  /** N of the N×N grid (for row and column in the pins' names). */
  size: number;
  business?: { lat: number; lng: number; name: string } | null;
  selectedIndex?: number | null;
  onSelectPoint?: (index: number) => void;
  /** A draggable centre marker (the live screen); moving it calls `onCentreChange`. */
  centre?: { lat: number; lng: number } | null;
  onCentreChange?: (centre: { lat: number; lng: number }) => void;
  height?: number;
}

type LeafletModule = typeof Leaflet;

/** Leaflet and its CSS, fetched on first use only: they never enter the initial bundle. */
async function loadLeaflet(): Promise<LeafletModule> {
  const [mod] = await Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')]);
  return (mod as { default?: LeafletModule }).default ?? mod;
}

function pinIcon(L: LeafletModule, point: MapPoint, size: number) {
  const style = BAND_STYLES[rankBand(point)];
  const px = size > 15 ? 24 : 30;
  return L.divIcon({
    className: 'rank-pin',
    html: `<span style="background:${style.fill};color:${style.text}">${pinText(point)}</span>`,
    iconSize: [px, px],
    iconAnchor: [px / 2, px / 2],
  });
}

/** Fitting the grid jumps there: no pan animation left running when the map goes away. */
const FIT: Leaflet.FitBoundsOptions = { padding: [24, 24], animate: false };

/** Whether the map's frame is laid out with an area (Leaflet cannot fit bounds into none). */
const hasSize = (element: HTMLElement) => element.clientWidth > 0 && element.clientHeight > 0;

/**
 * The rank grid on a Leaflet map: one numbered pin per point, coloured by rank band, the
 * business marked, a scale. Tiles come from the app config; without them (or when they fail)
 * the grid still shows on a plain background. Pins are buttons: Tab reaches them and Enter
 * or Space opens the point, as clicking does.
 */
export function RankMap({
  label,
  points,
  size,
  business,
  selectedIndex = null,
  onSelectPoint,
  centre,
  onCentreChange,
  height = 420,
}: RankMapProps) {
  const container = useRef<HTMLElement>(null);
  const [leaflet, setLeaflet] = useState<{ L: LeafletModule; map: Leaflet.Map } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const config = useMapConfig();
  const pinsLayer = useRef<Leaflet.LayerGroup | null>(null);
  const fittedTo = useRef<string>('');
  const pinElements = useRef(new Map<number, HTMLElement>());
  const gridBounds = useRef<Leaflet.LatLngBounds | null>(null);
  const selectedRef = useRef(selectedIndex);
  selectedRef.current = selectedIndex;
  const select = useRef(onSelectPoint);
  select.current = onSelectPoint;
  const moveCentre = useRef(onCentreChange);
  moveCentre.current = onCentreChange;

  // The map itself, once, when Leaflet and the tile setting are both known.
  const tileUrl = config.data?.tileUrl;
  const ready = config.isSuccess || config.isError;
  useEffect(() => {
    if (!ready || !container.current) return;
    let cancelled = false;
    let map: Leaflet.Map | null = null;
    let observer: ResizeObserver | null = null;
    loadLeaflet()
      .then((L) => {
        if (cancelled || !container.current) return;
        map = L.map(container.current, {
          zoomSnap: 0.25,
          attributionControl: Boolean(tileUrl),
          // No animated zooms: Leaflet finishes one on a timer that still runs after the map
          // is removed (a screen that swaps its map mid-zoom), and then throws reading the
          // removed panes. A grid of pins gains nothing from the animation.
          zoomAnimation: false,
          markerZoomAnimation: false,
        });
        if (tileUrl) {
          L.tileLayer(tileUrl, {
            attribution: config.data?.attribution ?? '',
            maxZoom: 19,
          }).addTo(map);
        }
        L.control.scale({ imperial: true, metric: true }).addTo(map);
        pinsLayer.current = L.layerGroup().addTo(map);
        // A narrower screen (or a layout change) keeps the whole grid in view.
        const placed = map;
        const frame = container.current;
        observer = new ResizeObserver(() => {
          // A frame with no size (hidden, or leaving the page) has no zoom that fits: Leaflet
          // would work one out as NaN and throw. It is fitted again when it has a size.
          if (!hasSize(frame)) return;
          placed.invalidateSize({ animate: false });
          if (gridBounds.current) placed.fitBounds(gridBounds.current, FIT);
        });
        observer.observe(container.current);
        setLeaflet({ L, map });
      })
      .catch((error: unknown) => {
        if (!cancelled) setFailed(error instanceof Error ? error.message : String(error));
      });
    return () => {
      cancelled = true;
      observer?.disconnect();
      map?.remove();
      pinsLayer.current = null;
      fittedTo.current = '';
      setLeaflet(null);
    };
  }, [ready, tileUrl, config.data?.attribution]);

  // Pins: redrawn when the points change (a running scan's progress).
  useEffect(() => {
    if (!leaflet || !pinsLayer.current) return;
    const { L, map } = leaflet;
    const layer = pinsLayer.current;
    layer.clearLayers();
    pinElements.current.clear();
    for (const point of points) {
      const description = pointDescription(point, size);
      const marker = L.marker([point.lat, point.lng], {
        icon: pinIcon(L, point, size),
        keyboard: Boolean(select.current),
        interactive: Boolean(select.current),
        title: description,
        alt: description,
      });
      marker.on('click', () => select.current?.(point.index));
      // The icon exists only once the map has a view (Leaflet defers adding until then).
      marker.on('add', () => {
        const element = marker.getElement();
        if (!element) return;
        pinElements.current.set(point.index, element);
        element.classList.toggle('rank-pin-selected', point.index === selectedRef.current);
        element.setAttribute('aria-label', description);
        element.dataset.pointIndex = String(point.index);
        element.dataset.pointState = point.enabled ? point.state : 'off';
        element.dataset.pointRank = point.rank === null ? '' : String(point.rank);
        if (!select.current) element.setAttribute('aria-hidden', 'true');
        element.addEventListener('keydown', (event) => {
          if (event.key !== 'Enter' && event.key !== ' ') return;
          event.preventDefault();
          select.current?.(point.index);
        });
      });
      marker.addTo(layer);
    }
    if (business) {
      L.marker([business.lat, business.lng], {
        icon: L.divIcon({ className: 'rank-business', html: '<span></span>', iconSize: [40, 40] }),
        keyboard: false,
        interactive: false,
        zIndexOffset: 1000,
      }).addTo(layer);
    }
    if (centre && moveCentre.current) {
      const handle = L.marker([centre.lat, centre.lng], {
        draggable: true,
        autoPan: true,
        title: 'Grid centre: drag to move it',
        alt: 'Grid centre: drag to move it',
        icon: L.divIcon({ className: 'rank-centre', html: '<span>✥</span>', iconSize: [34, 34] }),
        zIndexOffset: 2000,
      });
      handle.on('dragend', () => {
        const { lat, lng } = handle.getLatLng();
        moveCentre.current?.({ lat: Number(lat.toFixed(6)), lng: Number(lng.toFixed(6)) });
      });
      handle.addTo(layer);
    }
    // Fit once per grid (its first and last point), not at every progress update.
    const key = points.length
      ? `${points[0]?.lat},${points[0]?.lng},${points.at(-1)?.lat},${points.at(-1)?.lng}`
      : `${centre?.lat},${centre?.lng}`;
    if (key !== fittedTo.current) {
      fittedTo.current = key;
      if (points.length > 0) {
        gridBounds.current = L.latLngBounds(points.map((p) => [p.lat, p.lng] as [number, number]));
        // Without a size yet, the resize observer fits the grid once the frame has one.
        if (hasSize(map.getContainer())) map.fitBounds(gridBounds.current, FIT);
      } else if (centre) {
        gridBounds.current = null;
        map.setView([centre.lat, centre.lng], 12, { animate: false });
      }
    }
  }, [leaflet, points, size, business, centre]);

  // The selection only restyles pins: recreating them would take the keyboard focus away.
  useEffect(() => {
    for (const [index, element] of pinElements.current) {
      element.classList.toggle('rank-pin-selected', index === selectedIndex);
    }
  }, [selectedIndex]);

  return (
    <div className="rank-map-frame">
      <section
        ref={container}
        className="rank-map"
        style={{ height }}
        aria-label={label}
        data-testid="rank-map"
        data-tiles={tileUrl ? 'on' : 'off'}
      />
      {failed && (
        <p className="small text-danger mt-1">
          The map could not be drawn ({failed}); the table below lists every point.
        </p>
      )}
      {ready && !tileUrl && (
        <p className="small text-body-secondary mt-1 mb-0">
          No map tiles are configured: the grid is drawn on a plain background.
        </p>
      )}
    </div>
  );
}
