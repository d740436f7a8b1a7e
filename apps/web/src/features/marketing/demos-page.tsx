import { MessagesSquare } from 'lucide-react';
import { ROUTES } from '@vuxo/shared/routes';
import { appConfig } from '../../app/config';
import { ButtonLink } from '../../components/ui/button';
import { Section, SectionHeader } from '../../components/ui/section';
import { usePageTitle } from '../../components/ui/use-page-title';
import { MARKETING_CONTENT } from './content';
import { CardsSection, CtaBand } from './content-sections';
import { PageHero } from './page-hero';
import cards from './content-sections.module.css';
import styles from './demos-page.module.css';

/**
 * /demos: live demo bots a visitor can chat with, built by the product itself from sample businesses'
 * documents shipped with it (the server's demo bots), then the rest of the demo hub.
 */
export function DemosPage() {
  const content = MARKETING_CONTENT['/demos'];
  const { demoBots } = appConfig();
  usePageTitle(content.title, content.lead);
  return (
    <main>
      <PageHero eyebrow={content.eyebrow} title={content.title} lead={content.lead} />
      {demoBots.length > 0 && (
        <Section labelledBy="live-demos">
          <SectionHeader
            id="live-demos"
            title="Live demo bots"
            lead="Each sample business below is made up; its bot is real, built by Vuxo from the business’s one document, exactly as yours would be."
          />
          <ul role="list" className={styles.demos}>
            {demoBots.map((demo) => (
              <li key={demo.botId} className={`${cards.card} ${styles.demo}`}>
                <span className={cards.cardIcon} aria-hidden="true">
                  <MessagesSquare />
                </span>
                <h3 className={cards.cardTitle}>{demo.name}</h3>
                <p className={cards.cardText}>{demo.business}</p>
                <p className={styles.tryLabel}>Try asking:</p>
                <ul role="list" className={styles.questions}>
                  {demo.questions.map((question) => (
                    <li key={question}>“{question}”</li>
                  ))}
                </ul>
                <ButtonLink to={ROUTES.publicChat(demo.botId)} variant="primary" block>
                  Chat with {demo.name}
                </ButtonLink>
              </li>
            ))}
          </ul>
        </Section>
      )}
      {content.cards && <CardsSection cards={content.cards} />}
      {content.cta && <CtaBand cta={content.cta} />}
    </main>
  );
}
