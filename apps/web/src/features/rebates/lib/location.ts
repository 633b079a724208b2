import type { DetectedLocation } from '../api/rebates.ts';

const KEY = 'wattwise.rebates.location';

/** The location detected in this browser session (cached for the session, 01-core §9). */
export function readSessionLocation(): DetectedLocation | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (value && typeof value === 'object' && 'zip' in value && 'state' in value && 'city' in value) return value as DetectedLocation;
  } catch {
    // storage blocked or corrupt: detect again
  }
  return null;
}

export function saveSessionLocation(location: DetectedLocation): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(location));
  } catch {
    // storage blocked: the location lasts until the page is left
  }
}

/** Browser geolocation with the spec's options: 8 s timeout, cached up to 5 min, high accuracy. */
export function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error('Geolocation is not available'));
      return;
    }
    navigator.geolocation.getCurrentPosition(resolve, reject, { timeout: 8_000, maximumAge: 5 * 60_000, enableHighAccuracy: true });
  });
}

export const placeName = (l: { city: string | null; state: string }) => (l.city ? `${l.city}, ${l.state}` : l.state);
