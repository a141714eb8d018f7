import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { menuItemSlug, restaurantOneMenu, restaurantTwoMenu, type MenuImageStyle } from './menu.ts';

/**
 * Draws the demo items' illustrations: a vessel per category (plate, bowl, glass, tray…) in the
 * category's colour, food tinted by a hash of the name, palm-leaf motifs and the item's initials.
 * Deterministic; regenerate with `npx tsx apps/api/src/db/seed/menu-images.ts` (writes
 * apps/web/public/images/menu/<slug>.svg, which Vite copies into dist and the server serves).
 */

const palettes: Record<MenuImageStyle, { light: string; dark: string; accent: string }> = {
  plate: { light: '#fef3c7', dark: '#f59e0b', accent: '#92400e' },
  chamorro: { light: '#fee2e2', dark: '#dc2626', accent: '#7f1d1d' },
  bowl: { light: '#cffafe', dark: '#0891b2', accent: '#164e63' },
  pupu: { light: '#ecfccb', dark: '#65a30d', accent: '#365314' },
  dessert: { light: '#fce7f3', dark: '#db2777', accent: '#831843' },
  drink: { light: '#ede9fe', dark: '#7c3aed', accent: '#4c1d95' },
  tray: { light: '#ffedd5', dark: '#ea580c', accent: '#7c2d12' },
};

/** Savoury colours (browned meat, char, greens, chili, egg) for the savoury categories. */
const savoury = ['#b45309', '#9a3412', '#c2410c', '#a16207', '#7c2d12', '#ca8a04', '#be123c', '#92400e', '#d97706', '#b91c1c'];
const garnish = ['#65a30d', '#15803d', '#facc15', '#f97316', '#4d7c0f', '#e11d48'];

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 16777619);
  return h >>> 0;
}

function initials(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 ]/g, '')
    .split(/\s+/)
    .filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function leaf(x: number, y: number, rotate: number, scale: number, colour: string): string {
  return `<g transform="translate(${x} ${y}) rotate(${rotate}) scale(${scale})" opacity=".35"><path d="M0 0C30-38 90-38 124 0C90 38 30 38 0 0Z" fill="${colour}"/><path d="M4 0H118" stroke="#fff" stroke-width="3" opacity=".6"/></g>`;
}

function vessel(style: MenuImageStyle, food: string, food2: string, accent: string): string {
  switch (style) {
    case 'bowl':
      return `<ellipse cx="200" cy="252" rx="120" ry="14" fill="#000" opacity=".12"/><path d="M68 150Q76 250 200 252Q324 250 332 150Z" fill="#fff"/><path d="M68 150Q76 250 200 252Q324 250 332 150Z" fill="${accent}" opacity=".08"/><ellipse cx="200" cy="150" rx="132" ry="28" fill="#fff"/><ellipse cx="200" cy="150" rx="118" ry="20" fill="${food2}"/><circle cx="160" cy="140" r="22" fill="${food}"/><circle cx="200" cy="132" r="24" fill="${food}" opacity=".9"/><circle cx="242" cy="142" r="20" fill="${food}"/><circle cx="180" cy="152" r="6" fill="#fff" opacity=".8"/><circle cx="224" cy="150" r="5" fill="#fff" opacity=".8"/>`;
    case 'drink':
      return `<ellipse cx="200" cy="262" rx="70" ry="10" fill="#000" opacity=".12"/><path d="M140 70H260L246 258H154Z" fill="#fff" opacity=".9"/><path d="M146 120H254L246 258H154Z" fill="${food}"/><path d="M150 120H250" stroke="#fff" stroke-width="4" opacity=".7"/><rect x="226" y="34" width="10" height="120" rx="5" transform="rotate(18 231 94)" fill="${accent}"/><circle cx="186" cy="170" r="10" fill="#fff" opacity=".45"/><circle cx="214" cy="206" r="7" fill="#fff" opacity=".45"/><circle cx="248" cy="78" r="22" fill="${food2}"/>`;
    case 'tray':
      return `<rect x="52" y="92" width="296" height="170" rx="18" fill="#000" opacity=".12"/><rect x="46" y="82" width="308" height="170" rx="18" fill="#fff"/><rect x="62" y="98" width="134" height="138" rx="10" fill="${food}"/><rect x="204" y="98" width="134" height="64" rx="10" fill="${food2}"/><rect x="204" y="172" width="134" height="64" rx="10" fill="${food}" opacity=".75"/><circle cx="100" cy="140" r="14" fill="#fff" opacity=".4"/><circle cx="150" cy="190" r="10" fill="#fff" opacity=".4"/>`;
    case 'pupu':
      return `<rect x="74" y="150" width="256" height="100" rx="26" fill="#000" opacity=".12"/><rect x="68" y="138" width="264" height="100" rx="26" fill="#fff"/><rect x="98" y="118" width="62" height="88" rx="12" fill="${food2}"/><rect x="98" y="150" width="62" height="24" fill="${accent}" opacity=".85"/><rect x="170" y="118" width="62" height="88" rx="12" fill="${food}"/><rect x="170" y="150" width="62" height="24" fill="${accent}" opacity=".85"/><rect x="242" y="118" width="62" height="88" rx="12" fill="${food2}"/><rect x="242" y="150" width="62" height="24" fill="${accent}" opacity=".85"/>`;
    case 'dessert':
      return `<ellipse cx="200" cy="236" rx="120" ry="36" fill="#000" opacity=".12"/><ellipse cx="200" cy="226" rx="120" ry="36" fill="#fff"/><ellipse cx="200" cy="226" rx="92" ry="24" fill="${accent}" opacity=".08"/><path d="M130 222Q132 120 200 104Q268 120 270 222Z" fill="${food}"/><path d="M150 150Q200 124 250 150" stroke="#fff" stroke-width="8" fill="none" opacity=".6"/><circle cx="200" cy="96" r="16" fill="${food2}"/>`;
    case 'chamorro':
    case 'plate':
    default:
      return `<ellipse cx="200" cy="200" rx="150" ry="66" fill="#000" opacity=".12"/><ellipse cx="200" cy="188" rx="150" ry="66" fill="#fff"/><ellipse cx="200" cy="188" rx="118" ry="48" fill="${accent}" opacity=".07"/><circle cx="150" cy="172" r="34" fill="${style === 'chamorro' ? '#c2410c' : '#fff'}" stroke="${accent}" stroke-opacity=".15" stroke-width="3"/><circle cx="150" cy="172" r="34" fill="url(#grain)"/><path d="M188 196Q190 140 240 138Q296 142 300 188Q270 218 236 214Q200 214 188 196Z" fill="${food}"/><path d="M214 168Q244 150 276 170" stroke="#fff" stroke-width="6" fill="none" opacity=".55"/><circle cx="126" cy="214" r="16" fill="${food2}"/>`;
  }
}

function menuImageSvg(name: string, style: MenuImageStyle): string {
  const palette = palettes[style];
  const h = hash(name);
  const hue = h % 360;
  const sweet = style === 'dessert' || style === 'drink';
  const food = sweet ? `hsl(${hue} 62% 58%)` : (savoury[h % savoury.length] ?? '#b45309');
  const food2 = sweet ? `hsl(${(hue + 140) % 360} 55% 62%)` : (garnish[(h >> 8) % garnish.length] ?? '#65a30d');
  const leaves = [
    leaf(-20 + (h % 30), 26 + ((h >> 5) % 30), 20 + ((h >> 3) % 40), 1.1, palette.dark),
    leaf(330 - ((h >> 7) % 30), 250 - ((h >> 9) % 30), 200 + ((h >> 11) % 40), 1, palette.dark),
    leaf(300 + ((h >> 13) % 30), 10 + ((h >> 15) % 20), 110 + ((h >> 4) % 50), 0.7, palette.accent),
  ].join('');
  const label = initials(name);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300" role="img" aria-label="${escapeXml(name)}"><title>${escapeXml(name)}</title><defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.light}"/><stop offset="1" stop-color="${palette.dark}" stop-opacity=".55"/></linearGradient><pattern id="grain" width="8" height="8" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="1.4" fill="#000" opacity=".08"/><circle cx="6" cy="6" r="1.4" fill="#000" opacity=".08"/></pattern></defs><rect width="400" height="300" fill="url(#bg)"/>${leaves}${vessel(style, food, food2, palette.accent)}<circle cx="52" cy="252" r="30" fill="${palette.accent}"/><text x="52" y="262" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="26" font-weight="700" fill="#fff">${escapeXml(label)}</text></svg>\n`;
}

/** Every seeded item's image, by slug (items sharing a name share the file). */
function seededMenuImages(): Map<string, string> {
  const files = new Map<string, string>();
  for (const category of [...restaurantOneMenu, ...restaurantTwoMenu]) {
    for (const item of category.items) {
      const slug = menuItemSlug(item.name);
      if (!files.has(slug)) files.set(slug, menuImageSvg(item.name, category.style));
    }
  }
  return files;
}

export const MENU_IMAGES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/public/images/menu');

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  mkdirSync(MENU_IMAGES_DIR, { recursive: true });
  for (const [slug, svg] of seededMenuImages()) writeFileSync(path.join(MENU_IMAGES_DIR, `${slug}.svg`), svg);
  console.warn(`wrote ${seededMenuImages().size} images to ${MENU_IMAGES_DIR}`);
}
