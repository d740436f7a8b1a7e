/**
 * The visitor request form's API path (API.visitorRequest), in a module of its own: the widget's lazy form chunk
 * imports it alone, so neither every API path nor the form's rules end up in the widget's first download.
 */
export const VISITOR_REQUEST_PATH = '/api/visitor-request';
