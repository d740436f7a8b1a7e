import { useEffect, useRef, useState, type CSSProperties, type FocusEvent } from 'react';
import { ArrowRight, ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { HERO_CAROUSEL_MS } from '../../../ui-tuning';
import { ButtonLink } from '../../../components/ui/button';
import { Container } from '../../../components/ui/section';
import { usePrefersReducedMotion } from '../../../components/ui/use-media-query';
import { HERO_SLIDES } from './hero-slides';
import { HeroVisual } from './hero-visual';
import styles from './hero-carousel.module.css';

/**
 * The landing hero: a carousel that advances every 4000 ms and loops.
 * It pauses while keyboard focus is inside it, on the pause button, and for prefers-reduced-motion.
 */
export function HeroCarousel() {
  const count = HERO_SLIDES.length;
  const [index, setIndex] = useState(0);
  // The first slide is there as the page arrives; only a change of slide animates.
  const [moved, setMoved] = useState(false);
  const [playing, setPlaying] = useState(true);
  // Read by a timer already due when the visitor pauses: no slide changes after the press, even before React
  // has cleared the timer.
  const playingNow = useRef(true);
  const [keyboardFocus, setKeyboardFocus] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const autoplay = playing && !keyboardFocus && !reducedMotion;

  useEffect(() => {
    if (!autoplay) return;
    const timer = setTimeout(() => {
      if (!playingNow.current) return;
      setMoved(true);
      setIndex((i) => (i + 1) % count);
    }, HERO_CAROUSEL_MS);
    return () => clearTimeout(timer);
  }, [autoplay, index, count]);

  const go = (to: number) => {
    setMoved(true);
    setIndex((to + count) % count);
  };
  const onFocus = (event: FocusEvent<HTMLElement>) =>
    setKeyboardFocus(event.target.matches(':focus-visible'));
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setKeyboardFocus(false);
  };

  return (
    <section
      className={`${styles.hero} theme-dark`}
      aria-roledescription="carousel"
      aria-label="Highlights"
      onFocus={onFocus}
      onBlur={onBlur}
      style={{ '--carousel-ms': `${HERO_CAROUSEL_MS}ms` } as CSSProperties}
    >
      <div className={styles.backdrop} aria-hidden="true" />
      <Container>
        <div
          className={styles.slides}
          aria-live={autoplay ? 'off' : 'polite'}
          data-moved={moved || undefined}
        >
          {HERO_SLIDES.map((slide, i) => (
            <div
              key={slide.id}
              className={styles.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              hidden={i !== index}
            >
              <div className={styles.copy}>
                <p className={styles.eyebrow}>{slide.eyebrow}</p>
                <h2 className={styles.title}>{slide.title}</h2>
                <p className={styles.text}>{slide.text}</p>
                <div className={styles.actions}>
                  <ButtonLink to={slide.primary.to} size="lg">
                    {slide.primary.label}
                    <ArrowRight aria-hidden="true" />
                  </ButtonLink>
                  <ButtonLink to="/contact" size="lg" variant="secondary">
                    Contact Us
                  </ButtonLink>
                </div>
              </div>
              <HeroVisual kind={slide.visual} />
            </div>
          ))}
        </div>

        <div className={styles.controls}>
          <button
            type="button"
            className={styles.control}
            onClick={() => go(index - 1)}
            aria-label="Previous slide"
          >
            <ChevronLeft aria-hidden="true" />
          </button>
          <div className={styles.dots}>
            {HERO_SLIDES.map((slide, i) => (
              <button
                key={slide.id}
                type="button"
                className={styles.dot}
                aria-label={`Go to slide ${i + 1}: ${slide.eyebrow}`}
                aria-current={i === index ? 'true' : undefined}
                data-playing={(i === index && autoplay) || undefined}
                onClick={() => go(i)}
              >
                <span className={styles.dotFill} key={i === index ? index : undefined} />
              </button>
            ))}
          </div>
          <button
            type="button"
            className={styles.control}
            onClick={() => go(index + 1)}
            aria-label="Next slide"
          >
            <ChevronRight aria-hidden="true" />
          </button>
          <button
            type="button"
            className={styles.control}
            onClick={() => {
              playingNow.current = !playing;
              setPlaying(!playing);
            }}
            aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}
          >
            {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
          </button>
        </div>
      </Container>
    </section>
  );
}
