/** The widget feature's public entry: what other features may use. */
export { ReplyText } from './components/reply-text';
