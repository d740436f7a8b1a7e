import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { DASHBOARD_MSG } from '@vuxo/shared/messages';
import { ROUTES } from '@vuxo/shared/routes';
import type { BotSummary } from '@vuxo/shared/schemas';
import { SESSION_KEYS } from '@vuxo/shared/storage-keys';
import { DASHBOARD_PARTICLES } from '../../ui-tuning';
import { Particles } from '../../components/ui/particles';
import { Container } from '../../components/ui/section';
import { usePageTitle } from '../../components/ui/use-page-title';
import { displayName, isInProgress } from './bot-status';
import { BotCard } from './components/bot-card';
import { BotCardSkeleton } from './components/bot-card-skeleton';
import { DashboardBanner } from './components/dashboard-banner';
import { DashboardHeader } from './components/dashboard-header';
import { DeleteDialogs } from './components/delete-dialogs';
import { EmptyState } from './components/empty-state';
import { NewBotNotice } from './components/new-bot-notice';
import { PlanStatusCard } from './components/plan-status-card';
import { BotSettingsDialog, type SettingsTarget } from './components/bot-settings-dialog';
import { ShareDialog, type ShareTarget } from './components/share-dialog';
import { useAutoRefresh } from './hooks/use-auto-refresh';
import { useDashboardData } from './hooks/use-dashboard-data';
import { useDeleteFlow } from './hooks/use-delete-flow';
import { useKeepLive } from './hooks/use-keep-live';
import { useNavigationNotices, type NamedBot } from './hooks/use-navigation-notices';
import styles from './dashboard-page.module.css';

const SKELETONS = 3;

/** /dashboard/bots (protected): the owner's bots, plan status, deletion and sharing. */
export function DashboardPage() {
  usePageTitle(DASHBOARD_MSG.title);
  const navigate = useNavigate();
  const data = useDashboardData();
  const { bots, plan, loading, settled, load, removeBot, updateBot } = data;
  const [warning, setWarning] = useState<string | null>(null);
  const [shareTarget, setShareTarget] = useState<ShareTarget | null>(null);
  const [settingsTarget, setSettingsTarget] = useState<SettingsTarget | null>(null);

  const [newBot, setNewBot] = useState<NamedBot | null>(null);
  const closeNewBot = useCallback(() => setNewBot(null), []);
  const onDeleted = useCallback(
    (botId: string) => {
      removeBot(botId);
      // One bot fewer over the cap: a paused bot may answer again, which the server says.
      if (bots.some((bot) => bot.paused)) void load('background');
    },
    [bots, removeBot, load],
  );
  const deletion = useDeleteFlow({ plan, onDeleted, onFailed: setWarning });
  const reload = useCallback(() => load('manual'), [load]);
  const keeping = useKeepLive({ reload, onFailed: setWarning });

  // newBot shows the notice; resumeDelete reopens the confirmation for that bot.
  useNavigationNotices((notices) => {
    if (notices.newBot) setNewBot(notices.newBot);
    if (notices.resumeDelete) {
      deletion.confirmFor({
        botId: notices.resumeDelete.botId,
        botName: notices.resumeDelete.botName || displayName(notices.resumeDelete),
      });
    }
  });

  const anyInProgress = useMemo(() => bots.some((bot) => isInProgress(bot.status)), [bots]);
  const refreshInBackground = useCallback(() => void load('background'), [load]);
  const countdown = useAutoRefresh({ active: anyInProgress, loading, refresh: refreshInBackground });

  const { currentBots, maxBots } = plan.limits;
  const atCap = currentBots >= maxBots;
  const create = () => {
    if (atCap) return setWarning(DASHBOARD_MSG.limitWarning(maxBots));
    navigate(ROUTES.wizard);
  };

  const openChat = (bot: BotSummary) => {
    sessionStorage.setItem(SESSION_KEYS.activeDocId, bot.botId);
    navigate(ROUTES.workflowChat, { state: { activeDocId: bot.botId } });
  };

  const showSkeletons = loading && !settled;
  return (
    <main className={`${styles.page} theme-dark`}>
      <div className={styles.backdrop} aria-hidden="true">
        <Particles count={DASHBOARD_PARTICLES} />
      </div>
      <Container className={styles.inner}>
        <DashboardHeader
          loading={loading}
          countdown={countdown}
          onRefresh={() => void load('manual')}
          limitReached={!loading && atCap ? maxBots : null}
          onCreate={create}
        />

        {newBot && <NewBotNotice botName={newBot.botName || displayName(newBot)} onClose={closeNewBot} />}

        {(data.error || warning) && (
          <div className={styles.banners}>
            {data.error && (
              <DashboardBanner tone="error" message={data.error} onDismiss={data.dismissError} />
            )}
            {warning && (
              <DashboardBanner tone="warning" message={warning} onDismiss={() => setWarning(null)} />
            )}
          </div>
        )}

        <PlanStatusCard plan={plan} pending={showSkeletons} />

        <section className={styles.bots} aria-labelledby="bots-heading" aria-busy={loading || undefined}>
          <h2 id="bots-heading" className="visually-hidden">
            Bots
          </h2>
          {showSkeletons ? (
            <div className={styles.grid} role="status" aria-label="Loading bots">
              {Array.from({ length: SKELETONS }, (_, i) => (
                <BotCardSkeleton key={i} />
              ))}
            </div>
          ) : bots.length > 0 ? (
            <ul role="list" className={styles.grid}>
              {bots.map((bot) => (
                <li key={bot.botId}>
                  <BotCard
                    bot={bot}
                    deleting={deletion.deletingId === bot.botId}
                    busy={deletion.deletingId !== null}
                    onChat={() => openChat(bot)}
                    onShare={() =>
                      setShareTarget({
                        botId: bot.botId,
                        botName: displayName(bot),
                        shareId: bot.shareId,
                        themeId: bot.themeId,
                        contactEmail: bot.contactEmail,
                        contactChoice: bot.contactChoice,
                      })
                    }
                    onEditSettings={() => setSettingsTarget(bot)}
                    onDelete={() => deletion.requestDelete({ botId: bot.botId, botName: displayName(bot) })}
                    keeping={keeping.keepingId === bot.botId}
                    onKeepLive={() => void keeping.keepLive(bot.botId)}
                  />
                </li>
              ))}
            </ul>
          ) : (
            !data.error && <EmptyState onCreate={() => navigate(ROUTES.wizard)} />
          )}
        </section>
      </Container>

      <DeleteDialogs
        dialog={deletion.dialog}
        deleting={deletion.deletingId !== null}
        onClose={deletion.close}
        onConfirm={() => void deletion.confirm()}
        onViewPlans={deletion.viewPlans}
      />
      <BotSettingsDialog
        bot={settingsTarget}
        onClose={() => setSettingsTarget(null)}
        onSaved={(botId, saved) => updateBot(botId, saved)}
      />
      <ShareDialog
        bot={shareTarget}
        onClose={() => setShareTarget(null)}
        onThemeSaved={(botId, themeId) => updateBot(botId, { themeId })}
        onContactSaved={(botId, saved) => updateBot(botId, saved)}
      />
    </main>
  );
}
