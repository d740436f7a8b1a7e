import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { DASHBOARD_MSG, INSIGHTS_MSG } from '@vuxo/shared/messages';
import { LIVE_OWNER_MSG } from '@vuxo/shared/live';
import { ROUTES } from '@vuxo/shared/routes';
import type { CheckUpResponse, Correction, MissedQuestion } from '@vuxo/shared/schemas';
import { ButtonLink } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/error-box';
import { PageLoading } from '../../components/ui/page-loading';
import { Container } from '../../components/ui/section';
import { usePageTitle } from '../../components/ui/use-page-title';
import { SECTION_HOLD_MS } from '../../ui-tuning';
import { useAuth } from '../auth';
import { BotSettingsDialog, KeyFactsPanel, listUserBots, type SettingsTarget } from '../dashboard';
import { NotFoundPage } from '../marketing';
import { apiKeysApi } from './api-keys-api';
import { webhooksApi } from './webhooks-api';
import { ActivityPanel } from './components/activity-panel';
import { ApiKeysPanel } from './components/api-keys-panel';
import { WebhooksPanel } from './components/webhooks-panel';
import { AnswersPanel } from './components/answers-panel';
import { CheckUpPanel } from './components/check-up-panel';
import { ConversationLog } from './components/conversation-log';
import { RequestsPanel } from './components/requests-panel';
import { SectionNav } from './components/section-nav';
import { SourcesPanel } from './components/sources-panel';
import { SuggestedQuestionsPanel } from './components/suggested-questions-panel';
import { insightsApi } from './insights-api';
import styles from './insights-page.module.css';

const CHECK_UP_POLL_MS = 3000;

/** /dashboard/bots/:botId (protected): what visitors asked the bot, what it missed, and the owner's answers. */
export function InsightsPage() {
  const { botId = '' } = useParams();
  const { getIdToken } = useAuth();
  const api = useMemo(() => insightsApi(getIdToken, botId), [getIdToken, botId]);
  const keysApi = useMemo(() => apiKeysApi(getIdToken, botId), [getIdToken, botId]);
  const hooksApi = useMemo(() => webhooksApi(getIdToken, botId), [getIdToken, botId]);
  const [bot, setBot] = useState<SettingsTarget | null | undefined>(undefined);
  const botName = bot === undefined ? undefined : (bot?.botName ?? null);
  const [editing, setEditing] = useState(false);
  const [missed, setMissed] = useState<MissedQuestion[]>([]);
  const [corrections, setCorrections] = useState<Correction[]>([]);
  const [checkUp, setCheckUp] = useState<CheckUpResponse | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  usePageTitle(botName ? INSIGHTS_MSG.pageTitle(botName) : 'Insights');

  const showError = useCallback((message: string) => setError(INSIGHTS_MSG.loadFailed(message)), []);
  const reload = useCallback(async () => {
    try {
      const [nextMissed, nextCorrections] = await Promise.all([api.missed(), api.corrections()]);
      setMissed(nextMissed);
      setCorrections(nextCorrections);
    } catch (failure) {
      showError((failure as Error).message);
    }
  }, [api, showError]);
  // Apart from the lists: a model may take a moment over the bot's answers.
  const reloadCheckUp = useCallback(
    () => api.checkUp().then(setCheckUp, (failure: Error) => showError(failure.message)),
    [api, showError],
  );

  // A bot still being built: its answers are asked again until it answers.
  useEffect(() => {
    if (!checkUp || checkUp.ready) return;
    const timer = setTimeout(() => void reloadCheckUp(), CHECK_UP_POLL_MS);
    return () => clearTimeout(timer);
  }, [checkUp, reloadCheckUp]);

  useEffect(() => {
    let live = true;
    listUserBots(getIdToken).then(
      (bots) => {
        if (!live) return;
        const found = bots.find((b) => b.botId === botId);
        setBot(found ?? null);
        if (found) {
          void reload();
          void reloadCheckUp();
        }
      },
      (failure: Error) => live && showError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [botId, getIdToken, reload, reloadCheckUp, showError]);

  const act = (action: () => Promise<unknown>) => {
    action().then(reload, (failure: Error) => showError(failure.message));
  };
  const save = async (value: { id?: string; question: string; answer: string }) => {
    try {
      await api.saveCorrection(value);
      await reload();
      void reloadCheckUp();
      return null;
    } catch (failure) {
      return (failure as Error).message;
    }
  };

  // A link to a section (the request mail's #requests) opens there once the page has drawn its sections, and
  // keeps it in view while the panels above it fill in with their data, until the owner scrolls or a few seconds pass.
  const { hash } = useLocation();
  const drawn = Boolean(botName);
  const grid = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!drawn || !hash || !grid.current) return;
    const show = () => document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    show();
    const observer = new ResizeObserver(show);
    observer.observe(grid.current);
    const stop = () => observer.disconnect();
    const timer = window.setTimeout(stop, SECTION_HOLD_MS);
    const owner = ['wheel', 'touchstart', 'keydown'] as const;
    for (const event of owner) window.addEventListener(event, stop, { once: true, passive: true });
    return () => {
      stop();
      window.clearTimeout(timer);
      for (const event of owner) window.removeEventListener(event, stop);
    };
  }, [drawn, hash]);

  if (botName === null) return <NotFoundPage />;
  return (
    <main className={styles.page}>
      <Container>
        <ButtonLink to={ROUTES.dashboard} variant="ghost" size="sm">
          <ArrowLeft aria-hidden="true" />
          {INSIGHTS_MSG.backToDashboard}
        </ButtonLink>
        <ButtonLink to={ROUTES.botLive(botId)} variant="secondary" size="sm">
          {LIVE_OWNER_MSG.link}
        </ButtonLink>
        <h1 className={styles.title}>{botName ? INSIGHTS_MSG.pageTitle(botName) : 'Insights'}</h1>
        <SectionNav
          {...(bot ? { onSettings: () => setEditing(true) } : {})}
          settingsLabel={DASHBOARD_MSG.editSettingsOf(bot?.botName ?? '')}
        />
        {error && <ErrorBox message={error} />}
        {botName === undefined && !error ? (
          <PageLoading />
        ) : (
          botName && (
            <div ref={grid} className={styles.grid}>
              <div className={styles.column}>
                <div id="review" className={styles.column}>
                  <CheckUpPanel checkUp={checkUp} save={save} />
                  <AnswersPanel
                    missed={missed}
                    corrections={corrections}
                    save={save}
                    remove={(id) => act(() => api.deleteCorrection(id))}
                    dismiss={(id) => act(() => api.dismissMissed(id))}
                  />
                </div>
                <div id="knowledge" className={styles.column}>
                  <KeyFactsPanel botId={botId} />
                  <SuggestedQuestionsPanel
                    api={api}
                    onError={showError}
                    onSaved={() => void reloadCheckUp()}
                  />
                  <SourcesPanel api={api} onError={showError} />
                  <ApiKeysPanel api={keysApi} botId={botId} onError={showError} />
                  <WebhooksPanel api={hooksApi} onError={showError} />
                </div>
              </div>
              <div className={styles.column}>
                <RequestsPanel api={api} onError={showError} />
                <div id="conversations" className={styles.column}>
                  <ActivityPanel api={api} onError={showError} />
                  <ConversationLog api={api} onError={showError} save={save} />
                </div>
              </div>
            </div>
          )
        )}
      </Container>
      <BotSettingsDialog
        bot={editing && bot ? bot : null}
        onClose={() => setEditing(false)}
        onSaved={(_, saved) => setBot((current) => current && { ...current, ...saved })}
      />
    </main>
  );
}
