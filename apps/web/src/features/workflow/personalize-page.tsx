import { SimplePage } from '../../components/ui/simple-page';

export type PersonalizeStep = 1 | 2 | 3 | 4 | 5;

const STEPS: Record<PersonalizeStep, { title: string; text: string }> = {
  1: { title: 'Your details', text: 'Tell us who you are and how to reach you.' },
  2: { title: 'Your plan', text: 'Choose the plan that fits your call volume.' },
  3: { title: 'Your website', text: 'Share your business website so your agent learns what you offer.' },
  4: { title: 'Your documents', text: 'Add the documents your agent should answer from.' },
  5: {
    title: 'Number and voice',
    text: 'Pick the bot type, a phone number and the voice your callers will hear.',
  },
};

/** /workflow/personalize/step1 to step5: voice agent onboarding. Placeholder. */
export function PersonalizePage({ step }: { step: PersonalizeStep }) {
  const { title, text } = STEPS[step];
  return <SimplePage eyebrow={`Voice agent set-up · Step ${step} of 5`} title={title} lead={text} />;
}
