declare module 'wink-porter2-stemmer' {
  /** The English (Porter2 / Snowball) stem of a lower-case word. */
  export default function stem(word: string): string;
}
