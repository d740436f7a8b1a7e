import { useId, useState } from 'react';
import { Mail } from 'lucide-react';
import { SHARE_MSG } from '@vuxo/shared/dashboard';
import { embedGuideMailto } from '@vuxo/shared/embed-guides';
import {
  EMBED_GUIDES,
  EMBED_GUIDE_MSG,
  EMBED_PLATFORM_IDS,
  type EmbedPlatformId,
} from '@vuxo/shared/messages';
import { CopyField } from './copy-field';
import styles from './share-dialog.module.css';

interface Props {
  snippet: string;
  botName: string;
}

/**
 * The one-line embed code with its Copy button, then the chosen website builder's steps and a link that
 * emails the code and those steps to whoever runs the site.
 */
export function EmbedGuide({ snippet, botName }: Props) {
  const id = useId();
  const [platform, setPlatform] = useState<EmbedPlatformId>(EMBED_PLATFORM_IDS[0]);
  const guide = EMBED_GUIDES[platform];

  return (
    <>
      <CopyField kind="code" label={SHARE_MSG.snippetLabel} hint={SHARE_MSG.snippetHint} value={snippet} />
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          {EMBED_GUIDE_MSG.platformLabel}
        </label>
        <select
          id={id}
          className={`${styles.value} ${styles.select}`}
          value={platform}
          onChange={(event) => setPlatform(event.target.value as EmbedPlatformId)}
        >
          {EMBED_PLATFORM_IDS.map((option) => (
            <option key={option} value={option}>
              {EMBED_GUIDES[option].name}
            </option>
          ))}
        </select>
        <ol className={styles.steps} aria-label={EMBED_GUIDE_MSG.stepsLabel(guide.name)}>
          {guide.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        {guide.note && <p className={styles.hint}>{guide.note}</p>}
        <a
          className={`${styles.copy} ${styles.email}`}
          href={embedGuideMailto(platform, snippet, botName)}
          aria-describedby={`${id}-email`}
        >
          <Mail aria-hidden="true" />
          {EMBED_GUIDE_MSG.emailAction}
        </a>
        <p id={`${id}-email`} className={styles.hint}>
          {EMBED_GUIDE_MSG.emailHint}
        </p>
      </div>
    </>
  );
}
