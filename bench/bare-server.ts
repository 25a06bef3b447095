// The baseline of `npm run bench`'s API rows: a bare Fastify route returning a small JSON
// object, in its own process like the real server, so the ratios show what Pinpoint adds.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true, name: 'Pinpoint', items: [1, 2, 3] }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`Pinpoint is running at ${address}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
