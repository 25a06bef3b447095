import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import WebSocket from 'ws';
import { repoRoot } from '../apps/server/src/kernel/lib/paths';
import type { BenchRow } from './bench-table';

/**
 * Realtime fan-out (issue 8): `clients` sockets on one server process, an event all may see
 * broadcast `rounds` times; for each round, the time from the publish until 95% and 100%
 * of the sockets have it. The server runs in its own process (bench/realtime-server.ts),
 * so the clients here do not share its event loop. Also the server's memory per socket.
 */
export async function benchRealtime(options: {
  clients: number;
  rounds: number;
  postgresUrl: string | null;
}): Promise<BenchRow[]> {
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', 'bench/realtime-server.ts'],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        ...(options.postgresUrl && { BENCH_POSTGRES_URL: options.postgresUrl }),
      },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const replies: Record<string, unknown>[] = [];
  const waiting: ((reply: Record<string, unknown>) => void)[] = [];
  void (async () => {
    for await (const line of createInterface({ input: child.stdout })) {
      if (!line.startsWith('{')) continue;
      const reply = JSON.parse(line) as Record<string, unknown>;
      const waiter = waiting.shift();
      if (waiter) waiter(reply);
      else replies.push(reply);
    }
  })();
  const nextReply = () =>
    new Promise<Record<string, unknown>>((resolve) => {
      const ready = replies.shift();
      if (ready) resolve(ready);
      else waiting.push(resolve);
    });
  const ask = (line: string) => {
    child.stdin.write(`${line}\n`);
    return nextReply();
  };

  const sockets: WebSocket[] = [];
  try {
    const { address, cookie } = (await nextReply()) as { address: string; cookie: string };
    const before = (await ask('memory')).memory as { rss: number; heapUsed: number };
    const url = `${address.replace('http', 'ws')}/ws`;
    /** arrivals[round] = arrival times (ms since the publish) of that round's event. */
    const arrivals: number[][] = Array.from({ length: options.rounds }, () => []);
    let publishedAt = 0;
    // Connect in waves of 100, as a crowd of tabs would arrive, not in one burst.
    for (let wave = 0; wave < options.clients; wave += 100) {
      const opening: Promise<void>[] = [];
      for (let i = wave; i < Math.min(options.clients, wave + 100); i++) {
        const socket = new WebSocket(url, { headers: { cookie }, origin: address });
        socket.on('message', (data) => {
          const message = JSON.parse(data.toString()) as { type: string; payload: { id?: number } };
          if (message.type !== 'error-log.changed') return;
          arrivals[message.payload.id ?? 0]?.push(performance.now() - publishedAt);
        });
        sockets.push(socket);
        opening.push(
          new Promise((resolve, reject) => {
            socket.once('open', () => resolve());
            socket.once('error', reject);
          }),
        );
      }
      await Promise.all(opening);
    }
    const after = (await ask('memory')).memory as {
      rss: number;
      heapUsed: number;
      connections: number;
    };
    if (after.connections !== options.clients) {
      throw new Error(
        `${after.connections} sockets open on the server, expected ${options.clients}`,
      );
    }
    const p95: number[] = [];
    const all: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      publishedAt = performance.now();
      child.stdin.write(`publish ${round}\n`);
      const deadline = publishedAt + 10_000;
      while ((arrivals[round]?.length ?? 0) < options.clients && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      const times = (arrivals[round] ?? []).sort((a, b) => a - b);
      p95.push(times[Math.ceil(options.clients * 0.95) - 1] ?? Number.NaN);
      all.push(times.length === options.clients ? (times.at(-1) ?? Number.NaN) : Number.NaN);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
    };
    const worst = (values: number[]) => Math.max(...values);
    const perSocketKb = (after.heapUsed - before.heapUsed) / options.clients / 1024;
    const rssPerSocketKb = (after.rss - before.rss) / options.clients / 1024;
    const n = options.clients.toLocaleString('en-US');
    const target = { baseline: 250, baselineName: 'target 250 ms' };
    return [
      {
        name: `realtime ${n} sockets: 95% have it, median of ${options.rounds}`,
        value: median(p95),
        unit: 'ms',
        ...target,
      },
      {
        name: `realtime ${n} sockets: 95% have it, worst round`,
        value: worst(p95),
        unit: 'ms',
        ...target,
      },
      {
        name: `realtime ${n} sockets: 100% have it, median`,
        value: median(all),
        unit: 'ms',
        ...target,
      },
      {
        name: `realtime ${n} sockets: 100% have it, worst round`,
        value: worst(all),
        unit: 'ms',
        ...target,
      },
      {
        name: 'realtime heap per socket',
        value: perSocketKb,
        unit: 'KB',
        baseline: perSocketKb,
        baselineName: 'itself',
      },
      {
        name: 'realtime RSS per socket',
        value: rssPerSocketKb,
        unit: 'KB',
        baseline: rssPerSocketKb,
        baselineName: 'itself',
      },
    ];
  } finally {
    for (const socket of sockets) socket.terminate();
    child.stdin.write('quit\n');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}
