import { EMBED_GUIDES, EMBED_GUIDE_MSG, type EmbedPlatformId } from './messages/embed-guides.js';

/**
 * Longest `mailto:` link the Share dialog makes: some mail clients (and Windows' link handler) refuse
 * links past about 2,000 characters.
 */
export const EMBED_MAILTO_MAX_CHARS = 1800;

/** The email body: the code, then the chosen builder's steps and note. */
export function embedGuideMailBody(platform: EmbedPlatformId, snippet: string, withNote = true): string {
  const guide = EMBED_GUIDES[platform];
  const steps = guide.steps.map((step, index) => `${index + 1}. ${step}`);
  return [
    EMBED_GUIDE_MSG.mailIntro,
    snippet,
    [EMBED_GUIDE_MSG.mailSteps(guide.name), ...steps].join('\n'),
    ...(withNote && guide.note ? [guide.note] : []),
    EMBED_GUIDE_MSG.mailOutro,
  ].join('\n\n');
}

/**
 * "Email these instructions": a `mailto:` with no recipient (the owner picks one), the subject and body
 * encoded. A long note is left out before the link passes `EMBED_MAILTO_MAX_CHARS`; the code and the
 * steps always stay.
 */
export function embedGuideMailto(platform: EmbedPlatformId, snippet: string, botName: string): string {
  const href = (withNote: boolean) =>
    `mailto:?subject=${encodeURIComponent(EMBED_GUIDE_MSG.mailSubject(botName))}` +
    `&body=${encodeURIComponent(embedGuideMailBody(platform, snippet, withNote))}`;
  const full = href(true);
  return full.length <= EMBED_MAILTO_MAX_CHARS ? full : href(false);
}
