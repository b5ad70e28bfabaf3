// The reference point of bench/order-placement.ts: a plain Fastify hello world on the same machine,
// under the same load, in the same run. Prints `listening <port>` once it accepts connections.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`listening ${new URL(address).port}`);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
