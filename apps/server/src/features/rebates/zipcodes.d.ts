declare module 'zipcodes' {
  export type ZipInfo = { zip: string; latitude: number; longitude: number; city: string; state: string; country: string };
  export function lookup(zip: string | number): ZipInfo | undefined;
  export const codes: Record<string, ZipInfo>;
  export function lookupByCoords(lat: number, lon: number): ZipInfo | null;
}
