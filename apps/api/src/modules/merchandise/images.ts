import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { MERCHANDISE_IMAGE_MAX_BYTES, MERCHANDISE_IMAGE_TYPES, MerchandiseMessages } from '@kusina/domain/merchandise';
import { AppError } from '../../lib/errors.ts';

/** A file part of a multipart request, read into memory (at most MERCHANDISE_IMAGE_MAX_BYTES). */
export interface UploadedFile {
  field: string;
  mimetype: string;
  data: Buffer;
}

/** An upload re-encoded to WebP: the URL it will be served at and the files to write. */
export interface EncodedImage {
  url: string;
  files: { name: string; data: Buffer }[];
}

/** Uploads live in <uploadsDir>/merchandise and are served at /uploads/merchandise/. */
const MERCHANDISE_UPLOAD_FOLDER = 'merchandise';
const MAX_EDGE = 1600;
const THUMBNAIL_EDGE = 400;
const FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
// A 5 MB file may still decode to a huge bitmap (a "decompression bomb"); 50 megapixels is ample.
const MAX_INPUT_PIXELS = 50_000_000;

function badImage(status: number, code: string, message: string, field: string): AppError {
  return new AppError(code, status, message, { fields: { [field]: message } });
}

export const imageTooLarge = (field: string) => badImage(413, 'PAYLOAD_TOO_LARGE', MerchandiseMessages.imageTooLarge, field);

/**
 * Checks an upload (declared type, size, real format) and re-encodes it: the EXIF orientation is
 * applied and metadata dropped, the longest edge is at most 1600 px, plus a 400 px thumbnail
 * (<hash>-400.webp). The name is the content hash, so the served file can be cached forever.
 * Throws a 4xx AppError and stores nothing when the upload is not an image we accept.
 */
export async function encodeImage(file: UploadedFile): Promise<EncodedImage> {
  if (!(MERCHANDISE_IMAGE_TYPES as readonly string[]).includes(file.mimetype)) {
    throw badImage(415, 'UNSUPPORTED_MEDIA_TYPE', MerchandiseMessages.imageType, file.field);
  }
  if (file.data.length > MERCHANDISE_IMAGE_MAX_BYTES) throw imageTooLarge(file.field);
  if (file.data.length === 0) throw AppError.validation(MerchandiseMessages.imageCorrupt, { [file.field]: MerchandiseMessages.imageCorrupt });
  let full: Buffer;
  let thumbnail: Buffer;
  try {
    const metadata = await sharp(file.data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!FORMATS.has(metadata.format)) throw badImage(415, 'UNSUPPORTED_MEDIA_TYPE', MerchandiseMessages.imageType, file.field);
    const decode = () => sharp(file.data, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    full = await decode().resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
    thumbnail = await decode()
      .resize({ width: THUMBNAIL_EDGE, height: THUMBNAIL_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw AppError.validation(MerchandiseMessages.imageCorrupt, { [file.field]: MerchandiseMessages.imageCorrupt });
  }
  const hash = createHash('sha256').update(full).digest('hex').slice(0, 32);
  return {
    url: `/uploads/${MERCHANDISE_UPLOAD_FOLDER}/${hash}.webp`,
    files: [
      { name: `${hash}.webp`, data: full },
      { name: `${hash}-${THUMBNAIL_EDGE}.webp`, data: thumbnail },
    ],
  };
}

/**
 * Writes encoded images under uploadsDir (write to a temporary name, then rename, so a reader
 * never sees half a file). Returns an undo that removes the files this call created, for when the
 * database write that refers to them fails.
 */
export async function storeImages(uploadsDir: string, images: readonly EncodedImage[]): Promise<() => Promise<void>> {
  const dir = path.join(uploadsDir, MERCHANDISE_UPLOAD_FOLDER);
  const created: string[] = [];
  if (images.length > 0) await mkdir(dir, { recursive: true });
  for (const image of images) {
    for (const file of image.files) {
      const target = path.join(dir, file.name);
      if (existsSync(target)) continue; // same content, same name
      const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, file.data);
      await rename(temporary, target);
      created.push(target);
    }
  }
  return async () => {
    await Promise.all(created.map((file) => rm(file, { force: true })));
  };
}
