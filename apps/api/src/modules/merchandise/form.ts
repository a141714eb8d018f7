import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { MERCHANDISE_IMAGE_MAX_BYTES } from '@kusina/domain/merchandise';
import { AppError } from '../../lib/errors.ts';
import { imageTooLarge, type UploadedFile } from './images.ts';

/**
 * A merchandise form (storefront.md §7): `merchandise_item[...]` fields (nested with brackets,
 * `merchandise_item[variants][0][size]`), the files `image`, `second_image` and
 * `additional_images[]`, and `additional_image_urls[]` naming the additional images to keep.
 * A JSON body with the same names is read the same way (without files).
 */
export interface ItemForm {
  fields: Record<string, unknown>;
  image?: UploadedFile | undefined;
  secondImage?: UploadedFile | undefined;
  /** Present when the request says anything about additional images (a blank field clears them). */
  additional?: { keep: string[]; files: UploadedFile[] } | undefined;
}

type Nested = Record<string, unknown> | unknown[];
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** `merchandise_item[variants][0][size]` → ['merchandise_item', 'variants', '0', 'size']; `a[]` ends with ''. */
function keyPath(name: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
  if (!match) return [name];
  const rest = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '');
  return [match[1] ?? name, ...rest];
}

function setPath(target: Record<string, unknown>, keys: string[], value: unknown): void {
  if (keys.some((k) => FORBIDDEN_KEYS.has(k))) return;
  let node: Nested = target;
  keys.forEach((key, index) => {
    const last = index === keys.length - 1;
    const nextIsIndex = !last && /^\d*$/.test(keys[index + 1] ?? '');
    if (Array.isArray(node)) {
      const position = key === '' ? node.length : Number(key);
      if (!Number.isInteger(position) || position > 1000) return;
      if (last) node[position] = value;
      else {
        node[position] ??= nextIsIndex ? [] : {};
        node = node[position] as Nested;
      }
      return;
    }
    if (last) {
      node[key] = value;
      return;
    }
    const existing = node[key];
    if (existing === undefined || typeof existing !== 'object' || existing === null) node[key] = nextIsIndex ? [] : {};
    node = node[key] as Nested;
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a multipart or JSON request into an ItemForm; file size and count limits become clear 4xx. */
export async function readItemForm(request: FastifyRequest): Promise<ItemForm> {
  if (!request.isMultipart()) {
    const body = isRecord(request.body) ? request.body : {};
    const fields = isRecord(body.merchandise_item) ? body.merchandise_item : body;
    const urls = fields.additional_images ?? body.additional_image_urls;
    const keep = Array.isArray(urls) ? urls.filter((u): u is string => typeof u === 'string' && u.trim() !== '') : undefined;
    const rest = Object.fromEntries(Object.entries(fields).filter(([key]) => key !== 'additional_images'));
    return { fields: rest, additional: keep === undefined ? undefined : { keep, files: [] } };
  }

  const raw: Record<string, unknown> = {};
  const form: ItemForm = { fields: {} };
  const additional = (): { keep: string[]; files: UploadedFile[] } => (form.additional ??= { keep: [], files: [] });
  try {
    for await (const part of request.parts()) {
      const name = part.fieldname.replace(/\[\]$/, '');
      if (part.type === 'file') {
        const filePart: MultipartFile = part;
        const file: UploadedFile = { field: name, mimetype: filePart.mimetype, data: await filePart.toBuffer() };
        // A file input left empty arrives as a part with no name and no bytes: nothing was chosen.
        if (file.data.length === 0 && !filePart.filename) continue;
        if (name === 'image') form.image = file;
        else if (name === 'second_image') form.secondImage = file;
        else if (name === 'additional_images') additional().files.push(file);
        else throw AppError.validation(`Unexpected file field "${part.fieldname}".`, { [name]: 'Unexpected file' });
        continue;
      }
      const value = typeof part.value === 'string' ? part.value : String(part.value);
      if (name === 'additional_image_urls' || name === 'additional_images') {
        const kept = additional();
        if (value.trim() !== '') kept.keep.push(value.trim());
      } else {
        setPath(raw, keyPath(part.fieldname), value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge('image');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw AppError.validation('Too many fields or files in one form.');
    }
    throw error;
  }
  form.fields = isRecord(raw.merchandise_item) ? raw.merchandise_item : raw;
  return form;
}

/** The single `image` file of an upload_image request. */
export async function readImageUpload(request: FastifyRequest): Promise<UploadedFile | undefined> {
  if (!request.isMultipart()) return undefined;
  return (await readItemForm(request)).image;
}

export const MULTIPART_LIMITS = {
  fileSize: MERCHANDISE_IMAGE_MAX_BYTES,
  files: 12,
  fields: 400,
  fieldSize: 64 * 1024,
  parts: 420,
} as const;
