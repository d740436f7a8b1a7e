/**
 * The widget's sounds: on open, on close and when a reply arrives. Small WAV
 * files shipped with the app (made by apps/web/scripts/make-sounds.mjs), loaded on first use. A browser that
 * refuses to play (no user gesture yet, or sound blocked) simply stays quiet.
 */
export type WidgetSound = 'open' | 'close' | 'reply';

const players = new Map<WidgetSound, HTMLAudioElement>();

export function playSound(name: WidgetSound): void {
  try {
    let audio = players.get(name);
    if (!audio) {
      audio = new Audio(`/sounds/${name}.wav`);
      audio.volume = 0.35;
      players.set(name, audio);
    }
    audio.currentTime = 0;
    void audio.play().catch(() => undefined);
  } catch {
    // No audio support: nothing to play.
  }
}
