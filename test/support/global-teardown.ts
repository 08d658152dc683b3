import type { ChildProcess } from 'node:child_process';

export default async function globalTeardown(): Promise<void> {
  const child = (globalThis as { __LOCAL_RUNTIME__?: ChildProcess }).__LOCAL_RUNTIME__;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.stdin?.end();
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000).unref())]);
  delete (globalThis as { __LOCAL_RUNTIME__?: ChildProcess }).__LOCAL_RUNTIME__;
}
