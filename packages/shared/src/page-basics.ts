/**
 * What every page of the site reads before anything else: the element that carries its configuration, and where it
 * reports a view. A module of its own, so the landing page and the widget load them without API's whole table.
 */

/** The id of the `<script type="application/json">` element that carries the client config. */
export const CLIENT_CONFIG_ELEMENT_ID = 'vuxo-config';

/** Where the site's pages report a view (first-party analytics). */
export const PAGE_VIEWS_PATH = '/api/events';

/** A page view's path, at most this long. */
export const PAGE_PATH_MAX = 500;
