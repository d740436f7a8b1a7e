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
  ])('stops on a bad %s with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
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
