import type { Config } from '../config.js';

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
