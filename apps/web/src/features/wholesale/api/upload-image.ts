import { api } from '../../../lib/api-client.ts';
import { type Envelope, base } from './admin-request.ts';

/** Uploads an image (re-encoded to WebP by the server) and answers its URL. */
export function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  return api.post<Envelope<{ url: string }>>(`${base}/uploads`, form).then((r) => r.data.url);
}
