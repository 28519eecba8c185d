import { useState } from 'react';
import { messageOf } from '../../common/errorText';

/** One step's request: busy while it runs, the server's refusal shown beside the step. */
export function useOrderStep() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}
