import { IMAGE_MIME_TYPES, M, MAX_IMAGE_BYTES } from '@tc/shared';
import { badRequest } from '../../lib/app-error';

export interface ImageInput {
  field: string;
  data: Buffer;
  truncated: boolean;
}

/**
 * Accepts only real images (checked by their bytes, not by name or declared type), at most 10 MB,
 * and re-encodes them: EXIF orientation applied, all metadata (GPS!) dropped, bounded size, WebP.
 */
export async function processImage(img: ImageInput, maxSide: number): Promise<Buffer> {
  if (img.truncated || img.data.length > MAX_IMAGE_BYTES) throw badRequest('IMAGE_TOO_LARGE', M.imagemMax, { [img.field]: M.imagemMax });
  // Loaded on the first upload, not at start: sharp maps libvips and file-type its parsers into every
  // instance, most of which never receive an image (docs/decisions/0001).
  const [{ default: sharp }, { fileTypeFromBuffer }] = await Promise.all([import('sharp'), import('file-type')]);
  const type = await fileTypeFromBuffer(img.data);
  if (!type || !(IMAGE_MIME_TYPES as readonly string[]).includes(type.mime)) {
    throw badRequest('IMAGE_INVALID', M.imagemTipo, { [img.field]: M.imagemTipo });
  }
  try {
    return await sharp(img.data, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw badRequest('IMAGE_INVALID', M.imagemTipo, { [img.field]: M.imagemTipo });
  }
}
