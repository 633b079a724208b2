// heic-convert ships no types; this is the part we use.
declare module 'heic-convert' {
  interface ConvertOptions {
    buffer: Uint8Array | ArrayBuffer;
    format: 'JPEG' | 'PNG';
    /** 0..1, JPEG only */
    quality?: number;
  }
  function convert(options: ConvertOptions): Promise<ArrayBuffer>;
  export default convert;
}
