/**
 * The server side of bench/connections, in its own process so the probe's sockets do not count against the
 * server's file descriptors: the real app with its production connection limits (support/local-app.ts), then
 * one JSON line on stdout ({ baseUrl, total }). Stops on SIGTERM.
 */
import { CONNECTION_LIMITS } from '../../apps/server/src/http/connections.js';
import { startLocalApp, stopOnSignals } from '../support/local-app.js';

const local = await startLocalApp();
stopOnSignals(local);
console.log(JSON.stringify({ baseUrl: local.baseUrl, limits: CONNECTION_LIMITS }));
