const PALETTE = ['#1e3a8a', '#1d4ed8', '#0f766e', '#b45309', '#7c2d12', '#4338ca', '#0e7490', '#9d174d'];

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((p) => p[0]!.toUpperCase())
    .filter((_, i, a) => i === 0 || i === a.length - 1)
    .join('');

/** A generated initials avatar (no photos of real people), as a 256 px WebP. */
export async function initialsAvatar(name: string): Promise<Buffer> {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const bg = PALETTE[h % PALETTE.length];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="#0b1e4a"/></linearGradient></defs>
  <rect width="256" height="256" fill="url(#g)"/>
  <circle cx="210" cy="46" r="18" fill="#f59e0b" opacity="0.9"/>
  <text x="128" y="150" font-family="DejaVu Sans, Arial, sans-serif" font-size="96" font-weight="700" fill="#fff" text-anchor="middle">${initials(name)}</text>
</svg>`;
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg)).webp({ quality: 82 }).toBuffer();
}
