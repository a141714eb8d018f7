import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  MERCHANDISE_COLOURS,
  merchandiseImages,
  restaurantOneMerchandise,
  restaurantTwoMerchandise,
  type MerchandiseArt,
  type SeedMerchandiseItem,
} from './merchandise.ts';

/**
 * Draws the demo merchandise: the garment or object in its colour on a soft tropical background,
 * with the item's initials printed on it (front) or a wordmark (back). Deterministic; regenerate
 * with `npx tsx apps/api/src/db/seed/merchandise-images.ts` (writes
 * apps/web/public/images/merchandise/*.svg, which Vite copies into dist and the server serves).
 */

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function initials(name: string): string {
  return name
    .replace(/[^A-Za-z0-9 ]/g, '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
}

/** A light print on dark cloth, a dark print on light cloth. */
function ink(fill: string): string {
  const hex = fill.replace('#', '');
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return (r ?? 0) * 0.299 + (g ?? 0) * 0.587 + (b ?? 0) * 0.114 > 150 ? '#7c2d12' : '#fde68a';
}

function shape(art: MerchandiseArt, fill: string, print: string, label: string, back: boolean): string {
  const outline = 'stroke="#00000022" stroke-width="3"';
  const text = (x: number, y: number, size: number, content: string) =>
    `<text x="${x}" y="${y}" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="${size}" font-weight="800" fill="${print}">${escapeXml(content)}</text>`;
  const chest = back ? text(200, 170, 26, 'KUSINA') + text(200, 200, 14, 'TAMUNING · GUAM') : `<circle cx="200" cy="150" r="34" fill="none" stroke="${print}" stroke-width="5"/>` + text(200, 161, 30, label);
  switch (art) {
    case 'tee':
    case 'longsleeve':
    case 'hoodie': {
      const sleeves = art === 'tee' ? 'M90 80L40 130L70 165L110 140' : 'M90 80L30 230L65 240L112 140';
      const sleevesRight = art === 'tee' ? 'M310 80L360 130L330 165L290 140' : 'M310 80L370 230L335 240L288 140';
      const hood = art === 'hoodie' ? `<path d="M160 62Q200 20 240 62Q220 90 200 92Q180 90 160 62Z" fill="${fill}" ${outline}/>` : '';
      return `<path d="${sleeves}Z" fill="${fill}" ${outline}/><path d="${sleevesRight}Z" fill="${fill}" ${outline}/><path d="M90 80L160 60Q200 84 240 60L310 80L290 140L290 270L110 270L110 140Z" fill="${fill}" ${outline}/>${hood}${chest}`;
    }
    case 'tank':
      return `<path d="M130 60L160 60Q200 110 240 60L270 60L280 130L290 270L110 270L120 130Z" fill="${fill}" ${outline}/>${chest}`;
    case 'hat':
      return `<path d="M90 190Q100 80 200 76Q300 80 310 190Z" fill="${fill}" ${outline}/><path d="M80 190Q200 170 360 206Q300 232 200 214Q120 210 80 190Z" fill="${fill}" ${outline}/><circle cx="200" cy="80" r="8" fill="${print}"/>${back ? text(200, 160, 20, 'KUSINA') : text(200, 160, 36, label)}`;
    case 'sticker':
      return `<circle cx="200" cy="150" r="110" fill="#fff" ${outline}/><circle cx="200" cy="150" r="96" fill="${fill}"/>${text(200, 140, 44, label)}${text(200, 180, 16, back ? 'VINYL · 3 IN' : 'HAFA ADAI')}`;
    case 'tote':
      return `<path d="M150 100Q150 40 200 40Q250 40 250 100" fill="none" stroke="${fill}" stroke-width="12"/><rect x="110" y="96" width="180" height="180" rx="6" fill="${fill}" ${outline}/>${text(200, 200, 34, back ? 'KUSINA' : label)}`;
    case 'pin':
      return `<path d="M170 60H230L244 250H156Z" fill="#ca8a04" ${outline}/><path d="M150 60H250V86H150Z" fill="#a16207"/><circle cx="200" cy="160" r="18" fill="#fde68a"/>${back ? text(200, 290, 14, 'HARD ENAMEL') : ''}`;
    case 'mug':
    default:
      return `<path d="M280 120Q340 120 336 170Q332 218 280 214" fill="none" stroke="${fill === '#f9fafb' ? '#e5e7eb' : fill}" stroke-width="18"/><rect x="110" y="90" width="180" height="170" rx="14" fill="${fill}" ${outline}/>${text(200, 190, 38, back ? 'HAFA' : label)}`;
  }
}

function merchandiseImageSvg(item: SeedMerchandiseItem, colour: string | null, back: boolean): string {
  const fill = MERCHANDISE_COLOURS[colour ?? ''] ?? (item.art === 'sticker' ? '#f59e0b' : '#0f766e');
  const title = `${item.name}${colour ? ` (${colour})` : ''}${back ? ', back' : ''}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300" role="img" aria-label="${escapeXml(title)}"><title>${escapeXml(title)}</title><defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fef3c7"/><stop offset="1" stop-color="#99f6e4"/></linearGradient></defs><rect width="400" height="300" fill="url(#bg)"/><g opacity=".25"><path d="M-10 40C30 0 90 0 124 40C90 78 30 78-10 40Z" fill="#0f766e"/><path d="M300 280C330 240 390 240 420 280C390 318 330 318 300 280Z" fill="#0f766e"/></g>${shape(item.art, fill, ink(fill), initials(item.name), back)}</svg>\n`;
}

/** Every seeded item's image files, by file name. */
function seededMerchandiseImages(): Map<string, string> {
  const files = new Map<string, string>();
  for (const item of [...restaurantOneMerchandise, ...restaurantTwoMerchandise]) {
    const images = merchandiseImages(item);
    const first = item.colors?.[0] ?? null;
    files.set(images.front, merchandiseImageSvg(item, first, false));
    files.set(images.back, merchandiseImageSvg(item, first, true));
    for (const { colour, file } of images.colours) files.set(file, merchandiseImageSvg(item, colour, false));
  }
  return files;
}

export const MERCHANDISE_IMAGES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/public/images/merchandise');

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  mkdirSync(MERCHANDISE_IMAGES_DIR, { recursive: true });
  const files = seededMerchandiseImages();
  for (const [name, svg] of files) writeFileSync(path.join(MERCHANDISE_IMAGES_DIR, name), svg);
  console.warn(`wrote ${files.size} images to ${MERCHANDISE_IMAGES_DIR}`);
}
