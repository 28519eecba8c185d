// The supervisor `npm start` runs the shop under (scripts/supervise.mjs) starts the shop again
// when it dies, but not when it never opened (bad settings would restart in a loop): it learns
// that the shop opened from this message over the IPC channel it gave the process.
const OPEN_MESSAGE = 'vela:open';

/** Under the supervisor: tells it the shop listens. Elsewhere (systemd, tests): nothing. */
export function tellSupervisorOpen(): void {
  process.send?.({ type: OPEN_MESSAGE });
}

/** The supervisor's channel must not keep a stopping process alive. */
export function releaseSupervisorChannel(): void {
  process.channel?.unref();
}
