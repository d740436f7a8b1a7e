import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Check, Copy } from 'lucide-react';
import { API_REFERENCE_MSG, PUBLIC_API_MSG } from '@vuxo/shared/messages';
import { API_KEY_NAME_MAX, API_KEY_SCOPES, PUBLIC_API, type ApiKeyScope } from '@vuxo/shared/public-api';
import { ROUTES } from '@vuxo/shared/routes';
import type { ApiKey, ApiKeysResponse, CreatedApiKey } from '@vuxo/shared/schemas';
import { Button, ButtonLink } from '../../../components/ui/button';
import { copyText } from '../../../components/ui/copy-details-button';
import type { ApiKeysApi } from '../api-keys-api';
import { formatDay } from '../format';
import styles from '../insights-page.module.css';

const M = PUBLIC_API_MSG;

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
          {created && <NewKey created={created} onDone={() => setCreated(null)} />}
          {!created && data.keys.length < data.maxKeys && (
            <CreateKeyForm
              create={api.create}
              onCreated={(key) => {
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

/** The key just made, shown this once with a copy button. */
function NewKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className={styles.item}>
      <p className={styles.question}>{M.newKeyLabel(created.name)}</p>
      <p className={styles.meta} role="status">
        {M.shownOnce}
      </p>
      <code className={styles.secret}>{created.key}</code>
      <div className={styles.actions}>
        <Button size="sm" onClick={() => void copyText(created.key).then(() => setCopied(true))}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? M.copied : M.copy}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          {M.done}
        </Button>
      </div>
    </div>
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

function CreateKeyForm(props: {
  create: (input: { name: string; scopes: ApiKeyScope[] }) => Promise<CreatedApiKey>;
  onCreated: (key: CreatedApiKey) => void;
}) {
  const id = useId();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['chat']);
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(M.nameRequired);
    if (scopes.length === 0) return setError(M.scopesRequired);
    setError(null);
    setCreating(true);
    try {
      const key = await props.create({ name: trimmed, scopes });
      setName('');
      props.onCreated(key);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setCreating(false);
    }
  };
  const toggle = (scope: ApiKeyScope, on: boolean) =>
    setScopes((current) => (on ? [...current, scope] : current.filter((s) => s !== scope)));

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={`${id}-name`}>{M.nameLabel}</label>
      <input
        id={`${id}-name`}
        value={name}
        placeholder={M.namePlaceholder}
        maxLength={API_KEY_NAME_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setName(event.target.value)}
      />
      <fieldset className={styles.choice}>
        <legend>{M.scopesLegend}</legend>
        {API_KEY_SCOPES.map((scope) => (
          <label key={scope}>
            <input
              type="checkbox"
              checked={scopes.includes(scope)}
              onChange={(event) => toggle(scope, event.target.checked)}
            />
            {M.scopeLabels[scope]}
          </label>
        ))}
      </fieldset>
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
      <Button type="submit" size="sm" disabled={creating}>
        {creating ? M.creating : M.create}
      </Button>
    </form>
  );
}
