import { useState, type FormEvent } from 'react';
import { ArrowRight, MessageSquareText, PhoneCall } from 'lucide-react';
import { DEFAULT_BOT_TYPE, type BotType } from '@vuxo/shared/bot';
import { BOT_TYPE_CHOICES } from '@vuxo/shared/wizard';
import { Button } from '../../../components/ui/button';
import { ChoiceCards, type Choice } from '../../../components/ui/choice-cards';
import styles from './bot-type-choice.module.css';

const CHOICES: Choice<BotType>[] = [
  {
    value: 'text',
    label: BOT_TYPE_CHOICES.text.label,
    detail: 'Answers visitors on your website, 24/7.',
    badge: BOT_TYPE_CHOICES.text.badge,
    icon: <MessageSquareText />,
  },
  {
    value: 'phone',
    label: BOT_TYPE_CHOICES.phone.label,
    detail: 'Picks up your calls with a natural voice.',
    badge: BOT_TYPE_CHOICES.phone.badge,
    icon: <PhoneCall />,
  },
];

/** The bot-type choice: Text starts the steps, Phone goes to /plans. */
export function BotTypeChoice({ onChoose }: { onChoose: (type: BotType) => void }) {
  const [type, setType] = useState<BotType>(DEFAULT_BOT_TYPE);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChoose(type);
  };
  return (
    <form className={styles.card} onSubmit={submit} aria-labelledby="bot-type-title">
      <div className={styles.head}>
        <h2 id="bot-type-title" className={styles.title}>
          What kind of bot do you want?
        </h2>
        <p className={styles.lead}>You can build a text bot for free right now.</p>
      </div>
      <ChoiceCards
        name="bot-type"
        labelledBy="bot-type-title"
        choices={CHOICES}
        value={type}
        onChange={setType}
      />
      <Button type="submit" size="lg" className={styles.continue}>
        {type === 'phone' ? 'See paid plans' : 'Start building'}
        <ArrowRight aria-hidden="true" />
      </Button>
    </form>
  );
}
