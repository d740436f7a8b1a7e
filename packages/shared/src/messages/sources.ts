/** Website sources of a bot. Exact texts. */
export const SOURCES_MSG = {
  urlRequired: 'Please enter a web address',
  urlInvalid: 'Please enter a web address that starts with http:// or https://',
  urlTooLong: (max: number) => `The web address must be at most ${max} characters`,
  planRequired: 'Website pages as sources come with the Basic plan.',
  siteNeedsPro: 'Reading a whole website comes with the Pro plan. On Basic, add its pages one by one.',
  limitReached: (max: number) =>
    `Your plan allows ${max} web ${max === 1 ? 'address' : 'addresses'} per bot. Remove one to add another.`,
  alreadyAdded: 'This address is already a source of this bot.',
  sourceNotFound: 'Source not found',
  refreshNeedsPlan: 'Refreshing website sources needs an active paid plan.',
  rereadLimit: (max: number) =>
    `A page can be re-read ${max} ${max === 1 ? 'time' : 'times'} a day. It is read again on its schedule, or try tomorrow.`,
  sourceRequired: 'Please name the source by its id or its address',
  changeNotFound: 'That change has been answered already.',
  /** "What changed" on the Sources panel (decision 119). */
  whatChanged: (date: string) => `What changed on ${date}`,
  added: 'Added',
  removed: 'Removed',
  websiteNowSays: (label: string, after: string) =>
    `The website now says ${label}: ${after}. Keep yours or take it?`,
  yoursIs: (yours: string) => `Yours: ${yours || 'none'}`,
  keepYours: 'Keep yours',
  takeIt: 'Take it',
  failingSince: (date: string, reason: string) =>
    `Could not be read since ${date}: ${reason} Your bot answers from the last good read.`,
  pauseSchedule: 'Pause re-reading',
  resumeSchedule: 'Resume re-reading',
  paused: 'Re-reading paused',
  botNotReady: 'Your bot is still being prepared. Add website pages once it is ready.',
  /** The Sources panel. */
  title: 'Sources',
  lead: 'Your bot answers from your document and from these website pages, and names the page it used.',
  documentSource: (name: string) => `Document: ${name}`,
  upgrade:
    'Add pages of your website as sources with the Basic plan (up to 5 pages), or a whole site with Pro.',
  seePlans: 'See plans',
  urlLabel: 'Web address',
  urlPlaceholder: 'https://www.example.com/opening-hours',
  kindLabel: 'What to read',
  kindPage: 'This page',
  kindSite: 'The whole site',
  add: 'Add source',
  adding: 'Adding...',
  refresh: 'Refresh',
  remove: 'Remove',
  removing: 'Removing...',
  empty: 'No website pages yet.',
  allowance: (used: number, max: number) => `${used} of ${max} web addresses used`,
  status: {
    queued: 'Queued',
    fetching: 'Reading the page...',
    ready: 'Ready',
    failed: 'Failed',
  },
  pages: (count: number) => `${count} ${count === 1 ? 'page' : 'pages'}`,
  fetchedOn: (date: string) => `read on ${date}`,
  loadFailed: (message: string) => `Failed to load sources: ${message}`,
} as const;

/** Why a website source could not be read; each has a message a business owner can act on. */
export type SourceFetchReason =
  | 'invalidUrl'
  | 'privateAddress'
  | 'dnsFailed'
  | 'timeout'
  | 'tooLarge'
  | 'tooComplex'
  | 'httpStatus'
  | 'tooManyRedirects'
  | 'unsupportedType'
  | 'noText'
  | 'robotsDisallowed'
  | 'network';

export const SOURCE_FETCH_MSG: Record<SourceFetchReason, string> = {
  invalidUrl: 'That is not a web address we can read. Check that it starts with http:// or https://.',
  privateAddress: 'That address points to a private or internal network, which we cannot read.',
  dnsFailed: 'We could not find that website. Check that the address is spelled correctly.',
  timeout: 'The page took too long to answer.',
  tooLarge: 'The page is too large to read.',
  tooComplex:
    'The page is too large or complex to read. Try adding a simpler page with the same information.',
  httpStatus: 'The website answered with an error instead of the page.',
  tooManyRedirects: 'The page sends visitors on to other addresses too many times.',
  unsupportedType: 'This kind of file cannot be read. We can read web pages, plain text, PDF and Word files.',
  noText: 'We could not find any text on the page.',
  robotsDisallowed: 'The website asks bots not to read this page (in its robots.txt file).',
  network: 'We could not connect to the website. Please try again later.',
};
