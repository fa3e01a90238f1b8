import sharp from 'sharp';

/** A real JPEG carrying EXIF metadata (camera make and GPS), to prove uploads are stripped. */
export async function jpegWithGps(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 60, b: 140 } } })
    .withExif({
      IFD0: { Make: 'CameraTeste', Model: 'Modelo X' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 42/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '9/1 8/1 0/1' },
    })
    .jpeg()
    .toBuffer();
}

export const pngBytes = () =>
  sharp({ create: { width: 64, height: 64, channels: 4, background: '#f59e0b' } })
    .png()
    .toBuffer();

/** Builds a multipart body for app.inject. */
export function multipart(fields: Record<string, string | string[]>, files: { field: string; filename: string; type: string; data: Buffer }[] = []) {
  const boundary = `----tc${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    for (const value of Array.isArray(v) ? v : [v]) {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${value}\r\n`));
    }
  }
  for (const f of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`));
    parts.push(f.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
