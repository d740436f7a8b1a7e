import { Check } from 'lucide-react';
import styles from './plan-features.module.css';

/** A plan's features from the plan table, each with a check mark. */
export function PlanFeatures({ features }: { features: readonly string[] }) {
  return (
    <ul role="list" className={styles.features}>
      {features.map((feature) => (
        <li key={feature}>
          <Check aria-hidden="true" />
          {feature.charAt(0).toUpperCase() + feature.slice(1)}
        </li>
      ))}
    </ul>
  );
}
