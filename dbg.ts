import { startLocalRuntime } from './infra/local/runtime';
const rt = await startLocalRuntime({ port: 3222, localDir: '/tmp/dbglocal', inMemory: true });
for (const [p, h, m] of [['/v1/me', rt.credentials.live_key, 'GET'], ['/v1/me', '', 'GET'], ['/v1/nope', rt.credentials.test_key, 'GET'], ['/v1/me', rt.credentials.test_key, 'DELETE'], ['/v1/products?x=1', rt.credentials.test_key, 'GET']]) {
const r = await fetch('http://127.0.0.1:3222' + p, { method: m, headers: { authorization: `Bearer ${h}` } });
console.log(r.status, JSON.stringify(Object.fromEntries(r.headers)), (await r.text()).slice(0, 400));
}
await rt.stop();
