import http from 'node:http';
import net from 'node:net';

/**
 * A load balancer for tests with several server processes: round robin over the backends
 * it is given, and a request whose backend refuses or drops the connection before
 * answering is tried on the next one, as production balancers retry a failed connect.
 * WebSocket upgrades are piped through unchanged. Backends can be swapped while it runs.
 */
export interface RoundRobinProxy {
  port: number;
  setBackends(ports: number[]): void;
  close(): Promise<void>;
}

export async function startRoundRobinProxy(initial: number[]): Promise<RoundRobinProxy> {
  let backends = [...initial];
  let next = 0;
  const pick = () => backends[next++ % backends.length] as number;
  const agent = new http.Agent({ keepAlive: true });

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempt = (triesLeft: number) => {
        const upstream = http.request(
          {
            host: '127.0.0.1',
            port: pick(),
            method: request.method,
            path: request.url,
            headers: request.headers,
            agent,
          },
          (answer) => {
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
          },
        );
        upstream.on('error', () => {
          if (triesLeft > 0 && !response.headersSent) setTimeout(() => attempt(triesLeft - 1), 50);
          else if (!response.headersSent) response.writeHead(502).end();
          else response.destroy();
        });
        upstream.end(body);
      };
      attempt(backends.length * 20);
    });
  });

  server.on('upgrade', (request, client, head) => {
    const upstream = net.connect(pick(), '127.0.0.1', () => {
      const lines = [`${request.method} ${request.url} HTTP/1.1`];
      for (let i = 0; i < request.rawHeaders.length; i += 2) {
        lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    setBackends: (ports) => {
      backends = [...ports];
    },
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
