/**
 * The widget's reply schemas and valibot are a chunk of their own, loaded while the first call (the bot info)
 * is on its way rather than before the chat's first paint: /embed's initial JavaScript has a budget
 * (bench/widget). Start it early; await it where a reply is read.
 */
import type * as ReplySchemas from './reply-schemas';

let loading: Promise<typeof ReplySchemas> | null = null;
export const loadReplySchemas = () => (loading ??= import('./reply-schemas'));
