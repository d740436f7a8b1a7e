/**
 * Stands in for `property-information` (the whole HTML and SVG attribute table, 18 kB) where the markdown
 * renderer turns its syntax tree into React elements. A bot reply's CommonMark, with raw HTML dropped, makes only
 * plain HTML properties — href, title, className, start — whose React names are their own, and className the one
 * list (joined with spaces). hast-util-to-jsx-runtime uses exactly these four exports.
 */
interface Schema {
  space: 'html' | 'svg';
}

export const html: Schema = { space: 'html' };
export const svg: Schema = { space: 'svg' };
export const hastToReact: Record<string, string> = {};

export function find(schema: Schema, property: string) {
  return {
    property,
    attribute: property === 'className' ? 'class' : property.toLowerCase(),
    space: schema.space,
    commaSeparated: false,
  };
}
