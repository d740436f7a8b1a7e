import { PLANS } from '@vuxo/shared/plans';
import { Section, SectionHeader } from '../../../components/ui/section';
import styles from './landing.module.css';

const BENEFITS = [
  {
    stat: '24/7',
    title: 'Always open',
    text: 'Customers get answers at midnight, on weekends and during your busiest hour.',
  },
  {
    stat: 'Minutes',
    title: 'Fast to launch',
    text: 'Go from a document to a live assistant before your coffee gets cold.',
  },
  {
    stat: PLANS.basic.priceText,
    title: 'Affordable',
    text: 'Start free. Paid plans cost less than an hour of staff time a month.',
  },
  { stat: 'Zero code', title: 'Simple', text: 'If you can upload a file, you can run AI in your business.' },
];

export function BenefitsSection() {
  return (
    <Section labelledBy="benefits-title" tone="dark" className={styles.benefitsBand}>
      <SectionHeader
        id="benefits-title"
        eyebrow="Benefits"
        title="Why businesses choose Vuxo"
        lead="Less time on repeat questions, more time for the work only you can do."
      />
      <ul role="list" className={styles.benefits}>
        {BENEFITS.map((benefit) => (
          <li key={benefit.title} className={styles.benefit}>
            <p className={styles.stat}>{benefit.stat}</p>
            <h3 className={styles.benefitTitle}>{benefit.title}</h3>
            <p className={styles.benefitText}>{benefit.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
