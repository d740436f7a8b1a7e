/** What bench/bounds reads of the server from outside: its memory (and its children's) and /api/health. */
import { readdirSync, readFileSync } from 'node:fs';
import { API } from '@vuxo/shared';

/** The probes of the server process `pid`, answering at `baseUrl`. */
export function serverProbes(pid: number, baseUrl: string) {
  /** Resident memory of a process in bytes (0 once it has gone). */
  function rss(processId: number): number {
    try {
      const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${processId}/status`, 'utf8'))?.[1];
      return Number(kb ?? 0) * 1024;
    } catch {
      return 0;
    }
  }

  /** The server's extraction and page-reading processes (its children running those entries). */
  function extractionProcesses(): number[] {
    const found: number[] = [];
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (parent !== pid) continue;
        const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
        if (command.includes('extract-child') || command.includes('html-child')) found.push(Number(entry));
      } catch {
        // The process ended while being read.
      }
    }
    return found;
  }

  /** Samples the server's RSS and its extraction processes' every 20 ms until stopped. */
  function sampleMemory() {
    let server = 0;
    let extraction = 0;
    const timer = setInterval(() => {
      server = Math.max(server, rss(pid));
      extraction = Math.max(extraction, ...extractionProcesses().map(rss), 0);
    }, 20);
    return () => {
      clearInterval(timer);
      return { server, extraction };
    };
  }

  /** Calls /api/health one after another until stopped: the latencies and how many failed. */
  function probeHealth() {
    const latencies: number[] = [];
    let failures = 0;
    let running = true;
    const done = (async () => {
      while (running) {
        const started = performance.now();
        try {
          const res = await fetch(`${baseUrl}${API.health}`, { signal: AbortSignal.timeout(5000) });
          if (!res.ok) failures++;
        } catch {
          failures++;
        }
        latencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    return async () => {
      running = false;
      await done;
      const sorted = [...latencies].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
      return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN, failures };
    };
  }

  return { rss, sampleMemory, probeHealth };
}
