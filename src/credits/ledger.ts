/**
 * The credit ledger. Every operation reserves its maximum cost before any upstream work,
 * settles to the actual cost afterwards (refunding the difference) and refunds in full on
 * failure — like a card pre-authorisation. Balances never go negative and a reservation is
 * settled at most once, whatever the concurrency.
 *
 * This interface is all callers see, so a Redis implementation can replace the embedded SQLite
 * one without touching them.
 */
import type { RateLimit } from '../config.js';

export interface KeyRecord {
  id: string;
  name: string;
  hint: string;
  balance: number;
  createdAt: string;
  revokedAt: string | null;
  /** The key's own rate limit; absent: RATE_LIMIT_RPS / RATE_LIMIT_BURST apply. */
  rateLimit?: RateLimit;
}

export interface AuthenticatedKey {
  id: string;
  balance: number;
  /** The key's own rate limit (rps 0: unlimited); absent: the configured default applies. */
  rate?: RateLimit;
}

/** What a reservation is for, recorded with its settlement (the key's transactions). */
export interface ReserveMeta {
  requestId?: string;
  operation?: string;
  jobId?: string;
  monitorId?: string;
}

export interface Reservation {
  id: string;
  keyId: string;
  amount: number;
}

export interface SettleOutcome {
  /** The reservation was open and is settled now (false: already settled or refunded; nothing charged). */
  settled: boolean;
  charged: number;
  /** The key's balance after. */
  balance: number;
}

/** Which settlement of a unit of work (`settleOnce`'s `once`) charged it. */
export interface OnceOutcome {
  /**
   * `settled`: this call charged it (the first for `once`); `duplicate`: an earlier settlement for
   * `once` charged it, this reservation is refunded in full; `lost`: the reservation was no longer
   * open (refunded as abandoned) and nothing was ever settled for `once` — nothing charged or
   * remembered: run the work again.
   */
  state: 'settled' | 'duplicate' | 'lost';
  /** What the unit of work is charged: this settlement's charge, or the earlier one's. */
  charged: number;
  /** The key's balance after. */
  balance: number;
}

export interface Ledger {
  /** The key's id and balance, or null for an unknown or revoked key. */
  authenticate(rawKey: string): Promise<AuthenticatedKey | null>;
  balance(keyId: string): Promise<number>;
  /** Whether this key was ever issued (revoked or not). */
  keyExists(rawKey: string): Promise<boolean>;
  /**
   * Holds `amount` credits, or returns null when the balance cannot cover it. Throws ApiError
   * UNAUTHORIZED (errors.ts unknownOrRevokedKey) for a revoked or unknown key: a key revoked
   * after its request was authenticated is refused as revoked (401), never as poor (402).
   */
  reserve(keyId: string, amount: number, meta?: ReserveMeta): Promise<Reservation | null>;
  /**
   * Charges `actual` (≤ reserved amount) and returns the rest; returns the balance after.
   * Settling an already settled reservation changes nothing. The credits were taken when they
   * were reserved: a key revoked since is charged as reserved. A store that fails throws, and
   * the reservation stays open (settled again later, or refunded).
   */
  settle(reservation: Reservation, actual: number): Promise<number>;
  /**
   * Embedded store only: `settle`, with the caller's own bookkeeping (`record`) committed in the
   * same transaction, so both happen or neither (a bulk job's item: its charge and its result).
   * `record` learns whether the reservation was still open (false: it was refunded meanwhile —
   * at shutdown or by the refund at start — and nothing was charged); a throw from `record`
   * rolls the settlement back and is rethrown.
   */
  settleRecorded?(reservation: Reservation, actual: number, record: (outcome: SettleOutcome) => void): Promise<number>;
  /**
   * Redis ledger only: `settle`, idempotent by a unit of work's identity rather than by the
   * reservation (a bulk job's item, `<job id>`/`<index>`, which a queue may run more than once, on
   * any instance): the first settlement for `once` charges and remembers the charge for
   * `once.keepMs`; any later one refunds its reservation in full and reports the first charge. With
   * no reservation (a cache hit, an error before one) it remembers a charge of 0 the same way.
   */
  settleOnce?(
    keyId: string,
    reservation: Reservation | null,
    actual: number,
    once: { scope: string; id: string; keepMs: number },
  ): Promise<OnceOutcome>;
  createKey(opts: { name: string; credits: number; rawKey?: string }): Promise<{ key: string; record: KeyRecord }>;
  listKeys(): Promise<KeyRecord[]>;
  addCredits(keyId: string, amount: number): Promise<number>;
  revokeKey(keyId: string): Promise<boolean>;
  /** Sets (or with null clears) a key's own rate limit. False for an unknown key. */
  setRateLimit(keyId: string, rate: RateLimit | null): Promise<boolean>;
  countKeys(): Promise<number>;
  /** Refunds reservations left open by a crashed process. Returns how many. */
  refundAbandoned(olderThanMs: number): Promise<number>;
  /** Sum of charges ever settled for a key (audit and tests). */
  totalCharged(keyId: string): Promise<number>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
