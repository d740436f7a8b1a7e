import { plain } from './lines.js';

/** 'https://…' or 'www.…' anywhere; the character class stops at the first space, so nothing is retried. */
const LINKED = /\b(?:https?:\/\/|www\.)[^\s<>()[\]{}"'|*]{1,200}/gi;
/** A bare domain only where the line says it is the website ('Website: formsalon.com', 'W: …'). */
const LABELLED =
  /^(?:our )?(?:website|web site|web|w|site|online)\s*[:|]\s*([a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){1,4}(?:\/\S{0,100})?)/i;
const HOST = /^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,24}$/i;
/** The domains kept for examples (RFC 2606): a policy's 'https://example.org/tiles' is nobody's website. */
const EXAMPLE_DOMAIN = /^example\.(?:com|net|org)$/;

/**
 * The websites the document links, the business's own only when it shows which those are: where some site shares
 * the domain of one of the document's email addresses, the sites of other domains are references (a video, a
 * supplier, the law), not the business's website.
 */
export function findWebsites(lines: string[], emails: readonly string[] = []): string[] {
  const sites = linkedSites(lines);
  const own = new Set(emails.map((email) => registrable(email.slice(email.indexOf('@') + 1))));
  const ownSites = sites.filter((url) => own.has(registrable(hostOf(url))));
  return ownSites.length ? ownSites : sites;
}

const hostOf = (url: string) =>
  url
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .split(/[/?#:]/)[0]!;

/** The domain a business registers: 'wiki.nottinghack.org.uk' → 'nottinghack.org.uk', 'www.a.com' → 'a.com'. */
function registrable(host: string): string {
  const labels = host.toLowerCase().split('.');
  const countrySecond = labels.length > 2 && /^[a-z]{2}$/.test(labels.at(-1)!) && labels.at(-2)!.length <= 3;
  return labels.slice(countrySecond ? -3 : -2).join('.');
}

function linkedSites(lines: string[]): string[] {
  const found = new Map<string, string>();
  const add = (raw: string) => {
    const url = raw.replace(/[.,;:!?]+$/, '');
    const key = url
      .toLowerCase()
      .replace(/^https?:\/\//, '')
      .replace(/^www\./, '')
      .replace(/\/$/, '');
    const host = key.split('/')[0] ?? '';
    if (HOST.test(host) && !EXAMPLE_DOMAIN.test(registrable(host)) && !found.has(key)) found.set(key, url);
  };
  for (const line of lines) {
    for (const match of line.matchAll(LINKED)) {
      // An email's domain is no website: 'info@www.example.com' is rare, 'mail@' before 'www.' rarer.
      if (line[match.index - 1] === '@') continue;
      add(match[0]);
    }
    const labelled = LABELLED.exec(plain(line));
    if (labelled?.[1]) add(labelled[1]);
  }
  return [...found.values()];
}
