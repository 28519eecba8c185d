import { outsideRequest } from './requestScope';

// Work a request starts and does not wait for, so that its answer takes the same time whatever
// the work finds to do (a password-reset link is written only for real accounts). `settled()`
// lets mail delivery and shutdown wait for it, so nothing started is lost by a clean stop.

export interface AfterAnswer {
  run(label: string, work: () => Promise<void>): void;
  settled(): Promise<void>;
}

export function createAfterAnswer(logError: (line: string) => void = (line) => console.error(line)): AfterAnswer {
  const pending = new Set<Promise<void>>();
  return {
    run(label, work) {
      const task: Promise<void> = outsideRequest(() =>
        // A macrotask later: the answer is on its way before the work touches the database.
        new Promise<void>((resolve) => setImmediate(resolve)).then(work),
      )
        .catch((error: unknown) =>
          logError(
            `commerce: ${label} failed after the answer: ${error instanceof Error ? error.message : String(error)}`,
          ),
        )
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async settled() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}
