import { Link } from 'react-router';
import { ArrowRight, ChevronDown } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { Section, SectionHeader } from '../../components/ui/section';
import type { MarketingContent } from './content/types';
import styles from './content-sections.module.css';

type Of<K extends keyof MarketingContent> = NonNullable<MarketingContent[K]>;

export function CardsSection({ cards }: { cards: Of<'cards'> }) {
  return (
    <Section labelledBy="cards-title">
      <SectionHeader id="cards-title" title={cards.heading} lead={cards.intro} />
      <ul role="list" className={styles.cards}>
        {cards.items.map((card) => (
          <li key={card.title} className={styles.card}>
            <span className={styles.cardIcon} aria-hidden="true">
              <card.icon />
            </span>
            <h3 className={styles.cardTitle}>{card.title}</h3>
            <p className={styles.cardText}>{card.text}</p>
            {card.link && (
              <Link
                to={card.link.to}
                className={styles.cardLink}
                aria-label={`${card.link.label}: ${card.title}`}
              >
                {card.link.label}
                <ArrowRight aria-hidden="true" />
              </Link>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function StepsSection({ steps }: { steps: Of<'steps'> }) {
  return (
    <Section labelledBy="steps-title" tone="muted">
      <SectionHeader id="steps-title" title={steps.heading} />
      <ol role="list" className={styles.steps}>
        {steps.items.map((step, index) => (
          <li key={step.title} className={styles.step}>
            <span className={styles.stepNumber} aria-hidden="true">
              {String(index + 1).padStart(2, '0')}
            </span>
            <h3 className={styles.cardTitle}>{step.title}</h3>
            <p className={styles.cardText}>{step.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}

export function ProseSection({ prose }: { prose: Of<'prose'> }) {
  return (
    <Section labelledBy="prose-title">
      <div className={styles.prose}>
        {prose.map((block, index) => (
          <section key={block.heading} aria-labelledby={index === 0 ? 'prose-title' : undefined}>
            <h2 id={index === 0 ? 'prose-title' : undefined}>{block.heading}</h2>
            {block.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
      </div>
    </Section>
  );
}

export function FaqSection({ faqs }: { faqs: Of<'faqs'> }) {
  return (
    <Section labelledBy="faq-title" tone="muted">
      <SectionHeader id="faq-title" title="Frequently asked questions" />
      <div className={styles.faqs}>
        {faqs.map((faq) => (
          <details key={faq.question} className={styles.faq}>
            <summary>
              {faq.question}
              <ChevronDown aria-hidden="true" />
            </summary>
            <p>{faq.answer}</p>
          </details>
        ))}
      </div>
    </Section>
  );
}

export function CtaBand({ cta }: { cta: Of<'cta'> }) {
  return (
    <section className={styles.ctaWrap} aria-labelledby="cta-title">
      <div className={`${styles.cta} theme-dark`}>
        <h2 id="cta-title" className={styles.ctaTitle}>
          {cta.title}
        </h2>
        <p className={styles.ctaText}>{cta.text}</p>
        <ButtonLink to={cta.action.to} variant="light" size="lg">
          {cta.action.label}
          <ArrowRight aria-hidden="true" />
        </ButtonLink>
      </div>
    </section>
  );
}
