import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { API_REFERENCE_MSG, PUBLIC_API_MSG } from '@vuxo/shared/messages';
import { API_KEY_NAME_MAX, API_KEY_SCOPES, PUBLIC_API, type ApiKeyScope } from '@vuxo/shared/public-api';
import { ROUTES } from '@vuxo/shared/routes';
import type { ApiKey, ApiKeysResponse, CreatedApiKey } from '@vuxo/shared/schemas';
import { Button, ButtonLink } from '../../../components/ui/button';
import type { ApiKeysApi } from '../api-keys-api';
import { formatDay } from '../format';
import styles from '../insights-page.module.css';
import { ShownOnce } from './shown-once';
import { TextAndChoicesForm, type TextAndChoices } from './text-and-choices-form';

const M = PUBLIC_API_MSG;

const KEY_FORM: TextAndChoices<ApiKeyScope> = {
  text: {
    label: M.nameLabel,
    placeholder: M.namePlaceholder,
    maxLength: API_KEY_NAME_MAX,
    missing: M.nameRequired,
  },
  choices: {
    legend: M.scopesLegend,
    options: API_KEY_SCOPES,
    labelOf: (scope) => M.scopeLabels[scope],
    initial: ['chat'],
    missing: M.scopesRequired,
  },
  submit: { label: M.create, busy: M.creating },
};

/** The bot's API keys (decision 108), and where an AI assistant reaches the bot (113): the plan's allowance, each key by name and prefix, create and revoke. */
export function ApiKeysPanel({
  api,
  botId,
  onError,
}: {
  api: ApiKeysApi;
  botId: string;
  onError: (message: string) => void;
}) {
  const [data, setData] = useState<ApiKeysResponse | null>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const reload = useCallback(
    () => api.list().then(setData, (error: Error) => onError(error.message)),
    [api, onError],
  );
  useEffect(() => {
    void reload();
  }, [reload]);
  if (!data) return null;

  return (
    <section className={styles.card} aria-labelledby="api-keys-title">
      <h2 id="api-keys-title">{M.panelTitle}</h2>
      {data.maxKeys === 0 ? (
        <>
          <p className={styles.lead}>{M.upgrade}</p>
          <ButtonLink to={ROUTES.plans} size="sm" className={styles.start}>
            {M.seePlans}
          </ButtonLink>
        </>
      ) : (
        <>
          <p className={styles.lead}>{M.lead}</p>
          <p className={styles.meta}>
            {M.mcpHint} <code>{`${window.location.origin}${PUBLIC_API.mcp}`}</code>
          </p>
          <p className={styles.meta}>{M.allowance(data.keys.length, data.maxKeys)}</p>
          <p className={styles.meta}>
            <Link to={ROUTES.apiReferenceFor(botId)}>{API_REFERENCE_MSG.linkFromKeys}</Link>
          </p>
          {created && (
            <ShownOnce
              title={M.newKeyLabel(created.name)}
              note={M.shownOnce}
              secret={created.key}
              doneLabel={M.done}
              onDone={() => setCreated(null)}
            />
          )}
          {!created && data.keys.length < data.maxKeys && (
            <TextAndChoicesForm
              {...KEY_FORM}
              onSubmit={(name, scopes) => api.create({ name, scopes })}
              onDone={(key) => {
                setCreated(key);
                void reload();
              }}
            />
          )}
          {data.keys.length === 0 ? (
            <p className={styles.empty}>{M.noKeys}</p>
          ) : (
            <ul className={styles.list} aria-label={M.panelTitle}>
              {data.keys.map((key) => (
                <KeyItem
                  key={key.id}
                  apiKey={key}
                  revoke={() => api.revoke(key.id).then(reload)}
                  onError={onError}
                />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function KeyItem(props: {
  apiKey: ApiKey;
  revoke: () => Promise<unknown>;
  onError: (message: string) => void;
}) {
  const { apiKey } = props;
  const [confirming, setConfirming] = useState(false);
  const [revoking, setRevoking] = useState(false);
  const revoke = () => {
    setRevoking(true);
    props.revoke().catch((error: Error) => {
      setRevoking(false);
      props.onError(error.message);
    });
  };
  return (
    <li className={styles.item}>
      <p className={styles.question}>{apiKey.name}</p>
      <p className={styles.meta}>
        <code>{apiKey.prefix}…</code> · {apiKey.scopes.map((scope) => M.scopeLabels[scope]).join(', ')}
      </p>
      <p className={styles.meta}>
        {M.createdOn(formatDay(apiKey.createdAt))} ·{' '}
        {apiKey.lastUsedAt ? M.lastUsed(formatDay(apiKey.lastUsedAt)) : M.neverUsed}
      </p>
      {confirming ? (
        <div className={styles.actions}>
          <p className={styles.meta}>{M.revokeConfirm(apiKey.name)}</p>
          <Button size="sm" variant="secondary" disabled={revoking} onClick={revoke}>
            {revoking ? M.revoking : M.revoke}
          </Button>
          <Button size="sm" variant="ghost" disabled={revoking} onClick={() => setConfirming(false)}>
            {M.cancel}
          </Button>
        </div>
      ) : (
        <div className={styles.actions}>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setConfirming(true)}
            aria-label={M.revokeOf(apiKey.name)}
          >
            {M.revoke}
          </Button>
        </div>
      )}
    </li>
  );
}
