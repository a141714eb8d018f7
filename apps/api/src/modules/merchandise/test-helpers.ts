import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { MerchandiseItemOutput } from '@kusina/domain/merchandise';

export interface FilePart {
  name: string;
  filename: string;
  type: string;
  data: Buffer;
}

/** A multipart/form-data body for app.inject: text fields (repeatable) and files. */
export function multipart(fields: [string, string][], files: FilePart[] = []): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----kusina${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of fields) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A real image of the given format and size (a gradient-ish solid, so encoders have work to do). */
export async function imageOf(format: 'png' | 'jpeg' | 'webp' | 'gif', width = 64, height = 48): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });
  return base[format]().toBuffer();
}

export async function listShop(app: FastifyInstance, query = '', token?: string): Promise<MerchandiseItemOutput[]> {
  const response = await app.inject({ url: `/api/v1/merchandise_items${query}`, headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (response.statusCode !== 200) throw new Error(`GET /merchandise_items${query}: ${response.statusCode} ${response.body}`);
  return MerchandiseItemOutput.array().parse(response.json());
}

export function named(items: readonly MerchandiseItemOutput[], name: string): MerchandiseItemOutput {
  const item = items.find((i) => i.name === name);
  if (!item) throw new Error(`no merchandise item ${name}`);
  return item;
}

/** A photo-sized PNG of random pixels (about 3 MB: noise does not compress), to test real upload sizes. */
export async function noisyPng(width = 1000, height = 1000): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 12345;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = seed >> 16;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
}
