interface SchedulerWithYield {
  yield(): Promise<void>;
}

/**
 * Ends the current task and resumes in a new one, so input and painting can run in between.
 * `scheduler.yield()` resumes ahead of other queued tasks where the browser has it; elsewhere a
 * message to a channel, which unlike setTimeout is not clamped to 4 ms after a few nested calls.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<SchedulerWithYield> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
