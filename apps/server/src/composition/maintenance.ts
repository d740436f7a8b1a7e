import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { ensureSiteBot } from '../services/site-bot/site-bot.js';
import { ensureDemoBots } from '../services/site-bot/demo-bots.js';
import type { Services } from './services.js';

const CLEANUP_EVERY_MS = 60 * 60 * 1000;
/** Scheduled source reads are looked for at least this often (and 4 times a period when SOURCE_REFRESH_EVERY is short). */
const REFRESH_TICK_MAX_MS = 5 * 60 * 1000;

export interface MaintenanceDeps {
  config: Config;
  /** Run background jobs (bot builds) and the sweeps in this process; on by default. */
  runJobs?: boolean;
  /** How often the sweeps run; hourly by default. */
  sweepEveryMs?: number;
}

/**
 * Phase four: what runs beside the requests, tied to the server's life: the job worker, the hourly sweeps, the
 * site's own bots seeded once it is ready, and the queued log lines written at shutdown.
 */
export function startMaintenance(app: FastifyInstance, s: Services, deps: MaintenanceDeps): void {
  const { config } = deps;
  app.addHook('onClose', async () => {
    await s.conversations.flush();
    await s.modelUsage.flush();
  });
  if (deps.runJobs !== false) runJobsAndSweeps(app, s, config, deps.sweepEveryMs ?? CLEANUP_EVERY_MS);
  if (config.siteChat) seedSiteBots(app, s, config);
}

/** Finished jobs are kept a month, far past the longest schedule's period (a week), then removed. */
const FINISHED_JOBS_KEPT_MS = 30 * 24 * 60 * 60_000;

function runJobsAndSweeps(app: FastifyInstance, s: Services, config: Config, everyMs: number): void {
  const sweep = () =>
    s.uploadCleanup
      .sweep()
      .catch((error: unknown) => app.log.error({ err: error }, 'upload clean-up failed'));
  // Visitors' messages, contact messages and phone agent requests older than their retention go with the same
  // sweep.
  const expire = () =>
    Promise.all([
      s.chatRetention.removeExpired(config.chatRetentionDays),
      s.contactMessages.removeExpired(config.contactRetentionDays),
      s.voiceAgentRequests.removeExpired(config.contactRetentionDays),
      s.visitorRequests.removeExpired(config.chatRetentionDays),
      s.webhookDeliveries.removeExpired(config.chatRetentionDays),
      s.jobHistory.removeFinished(new Date(Date.now() - FINISHED_JOBS_KEPT_MS)),
    ]).catch((error: unknown) => app.log.error({ err: error }, 'retention clean-up failed'));
  // The plan-ending and plan-ended mail and the weekly summary: each goes once, so a sweep that overlaps another does no harm.
  const planMail = () =>
    Promise.all([s.planMails.sweep(), s.weeklySummary.sweep()]).catch((error: unknown) =>
      app.log.error({ err: error }, 'plan mail sweep failed'),
    );
  // Website sources read again on their schedule (decision 118): every process ticks; each read is queued once.
  const refreshTick = () =>
    s.sourceRefresh
      .tick()
      .catch((error: unknown) => app.log.error({ err: error }, 'source refresh tick failed'));
  const tickMs = Math.min(
    everyMs,
    REFRESH_TICK_MAX_MS,
    Math.max(1_000, (config.sourceRefreshEverySeconds ?? 86_400) * 250),
  );
  let ticker: NodeJS.Timeout | undefined;
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void refreshTick();
    ticker = setInterval(() => void refreshTick(), tickMs).unref();
    s.worker.start();
    s.mailWorker.start();
    s.webhookWorker.start();
    void sweep();
    void expire();
    void planMail();
    sweeper = setInterval(() => {
      void sweep();
      void expire();
      void planMail();
    }, everyMs).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    clearInterval(ticker);
    await Promise.all([s.worker.stop(), s.mailWorker.stop(), s.webhookWorker.stop()]);
    s.mail.close();
  });
}

/** The site's own chat bot and the demo bots; the site works without them, so a failure is logged, not fatal. */
function seedSiteBots(app: FastifyInstance, s: Services, config: Config): void {
  const { db, builds } = s;
  app.addHook('onReady', async () => {
    try {
      const outcome = await ensureSiteBot({ db, builds, config });
      if (outcome !== 'current') app.log.info({ outcome }, 'site chat bot scheduled for a build');
      const demos = await ensureDemoBots({ db, builds });
      if (demos.some((demo) => demo !== 'current')) app.log.info('demo bots scheduled for a build');
    } catch (error) {
      app.log.error({ err: error }, 'the site chat bot could not be set up');
    }
  });
}
