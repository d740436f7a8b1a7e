import { Quote } from 'lucide-react';
import { Section } from '../../../components/ui/section';
import styles from './landing.module.css';

export function TestimonialSection() {
  return (
    <Section labelledBy="testimonial-title">
      <h2 id="testimonial-title" className="visually-hidden">
        What our customers say
      </h2>
      <figure className={styles.testimonial}>
        <Quote className={styles.quoteIcon} aria-hidden="true" />
        <blockquote className={styles.quote}>
          <p>
            We used to miss most after-hours questions. Our Vuxo assistant now answers them straight from our
            patient handbook, and Saturday bookings are up. Setting it up took one afternoon.
          </p>
        </blockquote>
        <figcaption className={styles.author}>
          <span className={styles.authorAvatar} aria-hidden="true">
            PN
          </span>
          <span>
            <span className={styles.authorName}>Dr. Priya Nair</span>
            <span className={styles.authorRole}>Owner, Maple Dental Studio</span>
          </span>
        </figcaption>
      </figure>
    </Section>
  );
}
