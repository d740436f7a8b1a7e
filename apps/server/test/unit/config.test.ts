import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from '../../src/config.js';

const PRODUCTION_READY = {
  NODE_ENV: 'production',
  FIREBASE_PROJECT_ID: 'vuxo-prod',
  FIREBASE_API_KEY: 'AIza-test',
  GOOGLE_APPLICATION_CREDENTIALS: '/secrets/firebase.json',
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  APP_SECRET: 'x'.repeat(32),
  PUBLIC_URL: 'https://vuxo.example',
};

describe('configuration', () => {
  it('has working local defaults with no variables at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: null,
      stripe: null,
      llm: null,
      firebase: { projectId: 'demo-vuxo', emulatorHost: '127.0.0.1:9099' },
      supportEmail: 'info@vuxo.example',
    });
  });

  it('.env.example lists every variable, each with its default', () => {
    const example = parseEnv(readFileSync(new URL('../../../../.env.example', import.meta.url), 'utf8'));
    expect(Object.keys(example).sort()).toEqual([...CONFIG_VARIABLES].sort());
    expect(loadConfig(example)).toEqual(loadConfig({}));
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['SUPPORT_EMAIL', 'not-an-email'],
    ['FIREBASE_AUTH_EMULATOR_HOST', 'localhost'],
    ['LOG_LEVEL', 'loud'],
    ['LLM_BASE_URL', 'not a url'],
    ['SOURCE_REFRESH_EVERY', '0'],
    ['SOURCE_REFRESH_EVERY', 'daily'],
  ])('stops on a bad %s with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('reads SOURCE_REFRESH_EVERY in seconds; empty leaves each plan its own period', () => {
    expect(loadConfig({}).sourceRefreshEverySeconds).toBeNull();
    expect(loadConfig({ SOURCE_REFRESH_EVERY: '' }).sourceRefreshEverySeconds).toBeNull();
    expect(loadConfig({ SOURCE_REFRESH_EVERY: '120' }).sourceRefreshEverySeconds).toBe(120);
  });

  it('trusts no proxy by default, in development and production alike', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig(PRODUCTION_READY).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' ' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...PRODUCTION_READY, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,fd00::/8, ::1' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'fd00::/8',
      '::1',
    ]);
  });

  it.each([
    'true',
    'TRUE',
    'false',
    'all',
    '*',
    '10.0.0.0/33',
    '10.0.0.0/8/8',
    'fd00::/129',
    '10.0.0',
    '99',
    '1.5',
    '-1',
    '10.0.0.1,',
  ])('refuses TRUST_PROXY=%s with a message naming the variable and the rule', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be empty .*hop count.*CIDRs/);
  });

  /** The start-up error for a configuration that must be refused. */
  function refusal(env: Record<string, string>): string {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.message;
      throw error;
    }
    throw new Error('the configuration was accepted');
  }

  it.each([
    ['STRIPE_SECRET_KEY', 'rk_live_51RestrictedKey0123456789abcdef', /STRIPE_SECRET_KEY: .*"sk_"/],
    ['STRIPE_WEBHOOK_SECRET', 'wh_live_0123456789abcdef', /STRIPE_WEBHOOK_SECRET: .*"whsec_"/],
    ['APP_SECRET', 'short-secret-0123', /APP_SECRET: must be at least 32 characters/],
    [
      'DATABASE_URL',
      'mysql://vuxo:db-password-0123@db.internal/vuxo',
      /DATABASE_URL: must be a postgres:\/\/ URL/,
    ],
    ['LLM_BASE_URL', 'sk-proj-0123456789abcdef', /LLM_BASE_URL: /],
  ])('refuses a bad %s naming the variable and the rule, never the value', (name, value, rule) => {
    const message = refusal({ [name]: value });
    expect(message).toMatch(rule);
    expect(message).not.toContain(value);
    expect(message).not.toContain(value.slice(0, 8));
  });

  it('never prints a refused value, whichever variable holds it, in development or production', () => {
    const value = 'leak-canary-0123456789 is not valid for anything';
    let refused = 0;
    for (const name of CONFIG_VARIABLES) {
      for (const base of [{}, PRODUCTION_READY]) {
        try {
          loadConfig({ ...base, [name]: value });
        } catch (error) {
          if (!(error instanceof ConfigError)) throw error;
          refused++;
          expect(error.message).toMatch(
            /^(Invalid configuration|Refusing to start in production):\n {2}[A-Z_]+/,
          );
          expect(error.message).not.toContain('leak-canary');
        }
      }
    }
    expect(refused).toBeGreaterThanOrEqual(20);
  });

  it('wants Stripe keys together, and an LLM URL with its model', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
    expect(() => loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:8080/v1' })).toThrow(/LLM_MODEL/);
  });

  it('starts in production with the secrets it needs and no emulator', () => {
    const config = loadConfig(PRODUCTION_READY);
    expect(config.production).toBe(true);
    expect(config.firebase.emulatorHost).toBeNull();
  });

  it.each([
    ['FIREBASE_PROJECT_ID', { FIREBASE_PROJECT_ID: 'demo-vuxo' }],
    ['FIREBASE_AUTH_EMULATOR_HOST', { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }],
    ['STRIPE_SECRET_KEY', { STRIPE_SECRET_KEY: '', STRIPE_PUBLISHABLE_KEY: '', STRIPE_WEBHOOK_SECRET: '' }],
    ['APP_SECRET', { APP_SECRET: '' }],
    ['FIREBASE_API_KEY', { FIREBASE_API_KEY: '' }],
    ['GOOGLE_APPLICATION_CREDENTIALS', { GOOGLE_APPLICATION_CREDENTIALS: '' }],
  ])('refuses production without %s as it should be', (name, change) => {
    expect(() => loadConfig({ ...PRODUCTION_READY, ...change })).toThrow(
      new RegExp(`Refusing.*\\n.*${name}`, 's'),
    );
  });
});
