import { useCallback, useEffect, useState } from 'react';
import { PUBLIC_API_MSG, WEBHOOK_MSG } from '@vuxo/shared/messages';
import { ROUTES } from '@vuxo/shared/routes';
import type { CreatedWebhook, Webhook, WebhookDelivery, WebhooksResponse } from '@vuxo/shared/schemas';
import { WEBHOOK_EVENTS, WEBHOOK_URL_MAX, type WebhookEvent } from '@vuxo/shared/webhooks';
import { Button, ButtonLink } from '../../../components/ui/button';
import { formatTime } from '../format';
import styles from '../insights-page.module.css';
import type { WebhooksApi } from '../webhooks-api';
import { ShownOnce } from './shown-once';
import { TextAndChoicesForm, type TextAndChoices } from './text-and-choices-form';

const M = WEBHOOK_MSG;
const LOG_REFRESH_MS = 2_000;

const WEBHOOK_FORM: TextAndChoices<WebhookEvent> = {
  text: {
    label: M.urlLabel,
    placeholder: M.urlPlaceholder,
    maxLength: WEBHOOK_URL_MAX,
    type: 'url',
    missing: M.urlRequired,
  },
  choices: {
    legend: M.eventsLegend,
    options: WEBHOOK_EVENTS,
    labelOf: (event) => M.eventLabels[event],
    initial: ['visitor_request.created'],
    missing: M.eventsRequired,
  },
  submit: { label: M.add, busy: M.adding },
};

/** The bot's webhooks (decision 112): add an endpoint, its secret shown once, the list, delete, and the log. */
export function WebhooksPanel({ api, onError }: { api: WebhooksApi; onError: (message: string) => void }) {
  const [data, setData] = useState<WebhooksResponse | null>(null);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const reload = useCallback(
    () => api.list().then(setData, (error: Error) => onError(error.message)),
    [api, onError],
  );
  useEffect(() => {
    void reload();
  }, [reload]);
  if (!data) return null;

  return (
    <section className={styles.card} aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">{M.panelTitle}</h2>
      {data.maxWebhooks === 0 ? (
        <>
          <p className={styles.lead}>{M.upgrade}</p>
          <ButtonLink to={ROUTES.plans} size="sm" className={styles.start}>
            {PUBLIC_API_MSG.seePlans}
          </ButtonLink>
        </>
      ) : (
        <>
          <p className={styles.lead}>{M.lead}</p>
          <p className={styles.meta}>{M.allowance(data.webhooks.length, data.maxWebhooks)}</p>
          {created && (
            <ShownOnce
              title={M.secretLabel(created.url)}
              note={M.secretShownOnce}
              secret={created.secret}
              doneLabel={M.done}
              onDone={() => setCreated(null)}
            />
          )}
          {!created && data.webhooks.length < data.maxWebhooks && (
            <TextAndChoicesForm
              {...WEBHOOK_FORM}
              onSubmit={(url, events) => api.create({ url, events })}
              onDone={(hook) => {
                setCreated(hook);
                void reload();
              }}
            />
          )}
          {data.webhooks.length === 0 ? (
            <p className={styles.empty}>{M.noWebhooks}</p>
          ) : (
            <ul className={styles.list} aria-label={M.panelTitle}>
              {data.webhooks.map((hook) => (
                <WebhookItem key={hook.id} hook={hook} api={api} reload={reload} onError={onError} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function WebhookItem(props: {
  hook: Webhook;
  api: WebhooksApi;
  reload: () => Promise<unknown>;
  onError: (message: string) => void;
}) {
  const { hook, api, onError } = props;
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [log, setLog] = useState<WebhookDelivery[] | null>(null);
  const loadLog = useCallback(
    () =>
      api.deliveries(hook.id).then(
        ({ deliveries }) => setLog(deliveries),
        (error: Error) => onError(error.message),
      ),
    [api, hook.id, onError],
  );
  // A delivery on its way (or a resend) is shown until it lands: the open log looks again a moment later.
  const pending = log?.some((delivery) => delivery.status === 'pending') ?? false;
  useEffect(() => {
    if (!pending) return;
    const again = setTimeout(() => void loadLog(), LOG_REFRESH_MS);
    return () => clearTimeout(again);
  }, [log, pending, loadLog]);
  const remove = () => {
    setRemoving(true);
    api
      .remove(hook.id)
      .then(props.reload)
      .catch((error: Error) => {
        setRemoving(false);
        onError(error.message);
      });
  };
  return (
    <li className={styles.item}>
      <p className={styles.question}>{hook.url}</p>
      <p className={styles.meta}>{hook.events.map((event) => M.eventLabels[event]).join(', ')}</p>
      {confirming ? (
        <div className={styles.actions}>
          <p className={styles.meta}>{M.removeConfirm(hook.url)}</p>
          <Button size="sm" variant="secondary" disabled={removing} onClick={remove}>
            {M.remove}
          </Button>
          <Button size="sm" variant="ghost" disabled={removing} onClick={() => setConfirming(false)}>
            {M.cancel}
          </Button>
        </div>
      ) : (
        <div className={styles.actions}>
          <Button
            size="sm"
            variant="ghost"
            aria-expanded={log !== null}
            onClick={() => (log ? setLog(null) : void loadLog())}
          >
            {M.showDeliveries}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setConfirming(true)}
            aria-label={M.removeOf(hook.url)}
          >
            {M.remove}
          </Button>
        </div>
      )}
      {log && (
        <DeliveryLog
          url={hook.url}
          deliveries={log}
          resend={(id) => api.resend(hook.id, id).then(loadLog)}
          onError={onError}
        />
      )}
    </li>
  );
}

function DeliveryLog(props: {
  url: string;
  deliveries: WebhookDelivery[];
  resend: (deliveryId: string) => Promise<unknown>;
  onError: (message: string) => void;
}) {
  const [resending, setResending] = useState<string | null>(null);
  if (props.deliveries.length === 0) return <p className={styles.empty}>{M.noDeliveries}</p>;
  const resend = (id: string) => {
    setResending(id);
    props
      .resend(id)
      .catch((error: Error) => props.onError(error.message))
      .finally(() => setResending(null));
  };
  return (
    <ul className={styles.list} aria-label={M.deliveriesOf(props.url)}>
      {props.deliveries.map((delivery) => {
        const at = formatTime(delivery.createdAt);
        return (
          <li key={delivery.id} className={styles.meta}>
            <code>{delivery.event}</code> · {M.statusLabels[delivery.status]} ·{' '}
            {M.attempts(delivery.attempts)} · {M.responseCode(delivery.responseStatus)} · {at}{' '}
            {delivery.status !== 'pending' && (
              <Button
                size="sm"
                variant="ghost"
                disabled={resending === delivery.id}
                aria-label={M.resendOf(delivery.event, at)}
                onClick={() => resend(delivery.id)}
              >
                {resending === delivery.id ? M.resending : M.resend}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
