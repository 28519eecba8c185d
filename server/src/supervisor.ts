// The supervisor `npm start` runs the shop under (scripts/supervise.mjs) starts the shop again
// when it dies, but not when it never opened (bad settings would restart in a loop): it learns
// that the shop opened from this message over the IPC channel it gave the process.
const OPEN_MESSAGE = 'vela:open';

/** Under the supervisor: tells it the shop listens. Elsewhere (systemd, tests): nothing. */
export function tellSupervisorOpen(): void {
  process.send?.({ type: OPEN_MESSAGE });
}

/**
 * Under the supervisor: its channel must not keep a stopping process alive, and a shop whose
 * supervisor is gone (killed outright) stops as if told to, rather than hold the port with
 * nobody left to restart it or to stop it.
 */
export function attachToSupervisor(): void {
  if (!process.channel) return;
  process.channel.unref();
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}
