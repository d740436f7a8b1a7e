import { ADDRESS_TOPIC } from './address.js';
import { CONTACT_TOPIC } from './contact.js';
import { HOURS_TOPIC } from './hours.js';
import { PRICE_TOPIC } from './price.js';
import type { FactTopicRule } from './topic.js';

export type { FactReply, FactSource, FactTopic, FactTopicRule } from './topic.js';

/**
 * The everyday topics in the order they are tried: a way to reach before an address ('your email address?'), an
 * address before hours, hours before prices; the first that answers wins.
 */
export const FACT_TOPICS: readonly FactTopicRule[] = [CONTACT_TOPIC, ADDRESS_TOPIC, HOURS_TOPIC, PRICE_TOPIC];
