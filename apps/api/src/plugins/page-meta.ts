/**
 * A page's link preview (Open Graph and Twitter card meta, decision 0122) for crawlers, which do
 * not run the app: written into index.html's head by the server. Every value is escaped for an
 * attribute, so a participant's name or message can never close the tag.
 */
export interface PageMeta {
  title: string;
  description: string;
  image: string | null;
  imageAlt: string | null;
  url: string;
}

export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const TITLE = /<title>[\s\S]*?<\/title>/;
const DESCRIPTION = /<meta name="description" content="[^"]*"\s*\/?>/;

/** index.html with the page's title, description and preview tags in place of the app's own. */
export function withPageMeta(html: string, meta: PageMeta): string {
  const a = escapeAttribute;
  const tags = [
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${a(meta.title)}" />`,
    `<meta property="og:description" content="${a(meta.description)}" />`,
    `<meta property="og:url" content="${a(meta.url)}" />`,
    `<link rel="canonical" href="${a(meta.url)}" />`,
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${a(meta.title)}" />`,
    `<meta name="twitter:description" content="${a(meta.description)}" />`,
    ...(meta.image
      ? [
          `<meta property="og:image" content="${a(meta.image)}" />`,
          `<meta name="twitter:image" content="${a(meta.image)}" />`,
          ...(meta.imageAlt ? [`<meta property="og:image:alt" content="${a(meta.imageAlt)}" />`, `<meta name="twitter:image:alt" content="${a(meta.imageAlt)}" />`] : []),
        ]
      : []),
  ].join('');
  return html
    .replace(TITLE, () => `<title>${a(meta.title)}</title>`)
    .replace(DESCRIPTION, () => `<meta name="description" content="${a(meta.description)}" />`)
    .replace('</head>', () => `${tags}</head>`);
}
