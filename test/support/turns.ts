/**
 * How many turns of the event loop other work had while `work` ran: a tick re-queued with
 * setImmediate until it ends. Work that yields to the loop (between slices, pages, steps) lets it
 * run; work held in one turn does not.
 */
export async function countingTurns<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let counting = true;
  const tick = () => {
    turns++;
    if (counting) setImmediate(tick);
  };
  setImmediate(tick);
  try {
    return { result: await work(), turns };
  } finally {
    counting = false;
  }
}
