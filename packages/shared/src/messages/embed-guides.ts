/**
 * The Share dialog's embed guides: where each website builder takes the one-line embed code (as the
 * builders' own menus name things in 2026), and the email that sends the steps to whoever runs the site.
 * Exact texts.
 */

export const EMBED_PLATFORM_IDS = [
  'wordpress',
  'wix',
  'squarespace',
  'shopify',
  'webflow',
  'google-sites',
  'html',
] as const;
export type EmbedPlatformId = (typeof EMBED_PLATFORM_IDS)[number];

export interface EmbedGuide {
  name: string;
  /** 3–5 short steps: which box, where to paste, what to click. */
  steps: readonly string[];
  /** A plan the builder asks for, or what visitors see when it differs from a chat button on every page. */
  note?: string;
}

export const EMBED_GUIDES: Readonly<Record<EmbedPlatformId, EmbedGuide>> = {
  wordpress: {
    name: 'WordPress',
    steps: [
      'In WordPress admin, go to Plugins → Add New Plugin, search for “WPCode”, then Install Now and Activate.',
      'Open Code Snippets → Header & Footer.',
      'Paste the code into the Footer box and click Save Changes.',
      'Only one page? Edit that page instead, add a Custom HTML block, paste the code and click Save.',
    ],
    note: 'Avoid Appearance → Theme File Editor: a theme update erases the change. On WordPress.com, plugins and scripts need a plan that allows plugins.',
  },
  wix: {
    name: 'Wix',
    steps: [
      'In your Wix dashboard, go to Settings → Custom Code (under Advanced).',
      'Click + Add Custom Code and paste the code into the box.',
      'Choose All pages (Load code once) and place the code in Body - end.',
      'Click Apply.',
    ],
    note: 'Wix adds custom code only to sites with a Premium plan and a connected domain.',
  },
  squarespace: {
    name: 'Squarespace',
    steps: [
      'Open Pages, scroll to Custom Code and click Code Injection (on older sites: Settings → Advanced → Code Injection).',
      'Paste the code into the Footer box.',
      'Click Save.',
    ],
    note: 'Code Injection needs a Core plan or higher (Business or Commerce on older plans).',
  },
  shopify: {
    name: 'Shopify',
    steps: [
      'In Shopify admin, go to Online Store → Themes.',
      'Next to your current theme, click … → Edit code.',
      'Open layout/theme.liquid and paste the code on the line just before </body>.',
      'Click Save.',
    ],
    note: 'A new theme does not carry the code over: add it again after switching themes.',
  },
  webflow: {
    name: 'Webflow',
    steps: [
      'In the Webflow Designer, open Site settings → Custom code.',
      'Paste the code into the Footer code box and click Save changes.',
      'Click Publish and publish to your domain.',
    ],
    note: 'Webflow runs custom code only on sites with a paid site plan.',
  },
  'google-sites': {
    name: 'Google Sites',
    steps: [
      'Open the page in Google Sites and click Insert → Embed.',
      'Choose the Embed code tab, paste the code and click Next, then Insert.',
      'Drag the embed box’s corner to make it at least 600 pixels tall.',
      'Click Publish.',
    ],
    note: 'Google Sites runs embed code in its own sealed box: visitors see the chat button in the corner of that box, and the chat opens inside it, not over the whole page. For a chat on every page, add a button linking to the public chat link instead.',
  },
  html: {
    name: 'Another website (HTML)',
    steps: [
      'Open the HTML of your site’s template, or of each page that should show the chat.',
      'Paste the code on the line just before </body>.',
      'Save and publish the site.',
    ],
  },
};

export const EMBED_GUIDE_MSG = {
  platformLabel: 'Your website is built with',
  stepsLabel: (platform: string) => `Steps for ${platform}`,
  emailAction: 'Email these instructions',
  emailHint: 'Opens your email app with the code and these steps, to send to whoever runs your website.',
  mailSubject: (botName: string) => `Adding the “${botName}” chat to our website`,
  mailIntro: 'Hi,\n\nPlease add our website chat. It is one line of code:',
  mailSteps: (platform: string) => `How to add it on ${platform}:`,
  mailOutro: 'Thank you!',
} as const;
