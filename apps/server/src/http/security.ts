import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.js';

/**
 * The security headers every response carries, as helmet makes them for these options. They depend on nothing
 * in the request, so they are worked out once at start-up: helmet's middleware would parse the policy again on
 * every request, which showed up in the chat benchmark.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/** helmet's options for this app: its content security policy, and a popup-friendly opener policy. */
export function securityOptions(config: Config): HelmetOptions {
  return {
    contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
    // Firebase's Google sign-in popup talks back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  };
}

/** The Content-Security-Policy for the app's pages: only this origin plus the services the config turns on. */
export function contentSecurityPolicy(config: Config): Record<string, string[] | null> {
  const connect = ["'self'"];
  const frames = ["'self'"];
  const scripts = ["'self'"];
  if (config.firebase.emulatorHost) {
    connect.push(`http://${config.firebase.emulatorHost}`);
  } else {
    connect.push('https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com');
    scripts.push('https://apis.google.com');
    frames.push(`https://${config.firebase.authDomain}`);
  }
  if (config.stripe) {
    scripts.push('https://js.stripe.com');
    frames.push('https://js.stripe.com', 'https://hooks.stripe.com');
    connect.push('https://api.stripe.com');
  }
  if (config.gaMeasurementId) {
    scripts.push('https://www.googletagmanager.com');
    connect.push('https://www.google-analytics.com', 'https://*.google-analytics.com');
  }
  return {
    defaultSrc: ["'self'"],
    scriptSrc: scripts,
    connectSrc: connect,
    frameSrc: frames,
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    styleSrc: ["'self'", "'unsafe-inline'"],
    fontSrc: ["'self'", 'data:'],
    mediaSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    // Local mode is plain http (the app and the Auth emulator): nothing to upgrade.
    upgradeInsecureRequests: config.production ? [] : null,
  };
}

/**
 * The frame-ancestors sources for /embed/:shareId: the bot's allowed websites, each on
 * http and https and on any port unless the entry names one (as `isOriginAllowed` reads them), plus this
 * origin; any website when the bot lists none.
 */
export function frameAncestorsFor(domains: readonly string[] | null): string {
  if (!domains || domains.length === 0) return '*';
  const sources = new Set(["'self'"]);
  for (const entry of domains) {
    const [host = '', port] = entry.split(':');
    if (!/^(?:\*\.)?[a-z0-9.-]+$/i.test(host)) continue;
    for (const scheme of ['https', 'http']) sources.add(`${scheme}://${host}:${port ?? '*'}`);
  }
  return [...sources].join(' ');
}

/** The policy with its frame-ancestors directive replaced (other pages keep frame-ancestors 'self'). */
export function withFrameAncestors(policy: string, sources: string): string {
  const kept = policy
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '' && !/^frame-ancestors(?:\s|$)/i.test(directive));
  return [...kept, `frame-ancestors ${sources}`].join(';');
}
