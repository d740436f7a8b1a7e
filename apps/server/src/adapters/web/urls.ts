import { SourceFetchError } from './errors.js';

/** Links that are certainly not pages (or documents we read), judged by their path's extension. */
const NON_PAGE_EXTENSIONS = new Set(
  (
    'jpg jpeg png gif webp avif svg ico bmp tif tiff heic css js mjs json map woff woff2 ttf otf eot ' +
    'zip gz tgz rar 7z tar bz2 xz dmg exe msi apk iso bin mp3 wav ogg m4a flac aac mp4 m4v mov avi ' +
    'wmv webm mkv flv xls xlsx ppt pptx csv xml rss atom ics vcf'
  ).split(' '),
);

/**
 * Validates an address an owner typed: http/https only, no credentials, a host.
 * Returns the normalized URL (hash removed) or throws SourceFetchError('invalidUrl').
 */
export function normalizeSourceUrl(input: string): string {
  const url = URL.canParse(input.trim()) ? new URL(input.trim()) : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new SourceFetchError('invalidUrl', `Not an http or https address: ${input}`);
  }
  if (url.username || url.password) {
    throw new SourceFetchError('invalidUrl', 'Addresses with a user name or password cannot be read.');
  }
  if (!url.hostname) throw new SourceFetchError('invalidUrl', `No website in the address: ${input}`);
  url.hash = '';
  return url.href;
}

/** A link resolved against its page, hash dropped (query kept); undefined for non-web links. */
export function resolveLink(href: string, base: string): string | undefined {
  if (!URL.canParse(href, base)) return undefined;
  const url = new URL(href, base);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  url.hash = '';
  return url.href;
}

export function sameOrigin(a: string, b: string): boolean {
  return new URL(a).origin === new URL(b).origin;
}

function extensionOf(url: string): string {
  const lastSegment = new URL(url).pathname.split('/').pop() ?? '';
  const dot = lastSegment.lastIndexOf('.');
  return dot > 0 ? lastSegment.slice(dot + 1).toLowerCase() : '';
}

/** False for links to images, media, archives, scripts and the like, which are never pages. */
export function mayBePage(url: string): boolean {
  return !NON_PAGE_EXTENSIONS.has(extensionOf(url));
}

export function isSitemapUrl(url: string): boolean {
  return extensionOf(url) === 'xml';
}

/** A page's fallback title: its path, or its host for the home page. */
export function titleFromUrl(url: string): string {
  const { host, pathname } = new URL(url);
  return pathname === '/' ? host : pathname;
}
