/**
 * The ledger as this process uses it: every reservation it makes is remembered until it is
 * settled, so a shutdown can refund exactly the reservations this process still holds (others
 * sharing a Redis ledger are untouched), and settlements are counted for /metrics
 * (credits charged and refunded).
 */
import type { Ledger, OnceOutcome, Reservation, ReserveMeta, SettleOutcome } from './ledger.js';

export interface CreditCounters {
  creditsCharged: { inc(v: number): void };
  creditsRefunded: { inc(v: number): void };
}

export interface TrackedLedger extends Ledger {
  /** Reservations made by this process and not settled yet. */
  readonly open: ReadonlySet<Reservation>;
  /** Settles every open reservation at 0 (full refund). Returns how many were refunded. */
  refundOpen(): Promise<number>;
}

export function trackReservations(inner: Ledger, counters?: CreditCounters): TrackedLedger {
  const open = new Set<Reservation>();
  const settle = async (reservation: Reservation, actual: number, record?: (o: SettleOutcome) => void): Promise<number> => {
    const held = open.has(reservation);
    const balance = record ? await inner.settleRecorded!(reservation, actual, record) : await inner.settle(reservation, actual);
    // Counted once, by whoever settled it first here (settling twice changes nothing).
    if (held && open.delete(reservation) && counters) {
      const charged = Math.max(0, Math.min(reservation.amount, Number.isFinite(actual) ? Math.ceil(actual) : 0));
      if (charged) counters.creditsCharged.inc(charged);
      if (reservation.amount - charged) counters.creditsRefunded.inc(reservation.amount - charged);
    }
    return balance;
  };
  const settleOnce = async (
    keyId: string,
    reservation: Reservation | null,
    actual: number,
    once: { scope: string; id: string; keepMs: number },
  ): Promise<OnceOutcome> => {
    const held = !!reservation && open.has(reservation);
    const o = await inner.settleOnce!(keyId, reservation, actual, once);
    if (reservation && held && open.delete(reservation) && counters) {
      const charged = o.state === 'settled' ? o.charged : 0;
      if (charged) counters.creditsCharged.inc(charged);
      if (o.state !== 'lost' && reservation.amount - charged) counters.creditsRefunded.inc(reservation.amount - charged);
    }
    return o;
  };
  // The inner ledger's own members (both ledgers are plain objects), with these replaced.
  return {
    ...inner,
    open,
    async reserve(keyId: string, amount: number, meta?: ReserveMeta) {
      const r = await inner.reserve(keyId, amount, meta);
      if (r && r.amount > 0) open.add(r);
      return r;
    },
    settle: (reservation: Reservation, actual: number) => settle(reservation, actual),
    ...(inner.settleRecorded ? { settleRecorded: settle } : { settleRecorded: undefined }),
    ...(inner.settleOnce ? { settleOnce } : { settleOnce: undefined }),
    async refundOpen() {
      let n = 0;
      for (const r of [...open]) {
        try {
          await settle(r, 0);
          n++;
        } catch {
          /* unreachable store: the reservation expires and is refunded by the store's own sweep */
        }
      }
      return n;
    },
  };
}
