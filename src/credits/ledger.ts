/**
 * The credit ledger. Every operation reserves its maximum cost before any upstream work,
 * settles to the actual cost afterwards (refunding the difference) and refunds in full on
 * failure — like a card pre-authorisation. Balances never go negative and a reservation is
 * settled at most once, whatever the concurrency.
 *
 * This interface is all callers see, so a Redis implementation can replace the embedded SQLite
 * one without touching them.
 *
 * Each key's settled movements — grants, and the charges settlements make — are kept as its
 * transactions (GET /v1/account/transactions), written in the same atomic step as the movement:
 * the sum of their `credits` over any interval is the change of the key's settled balance (its
 * balance plus what open reservations hold) over it. An open reservation is not a movement, nor
 * is a settlement that charges 0 or the refund of a reservation never settled. A job's charges
 * are one row per job (by `ReserveMeta.jobId`), updated as its items settle.
 */
import type { RateLimit } from '../config.js';

/**
 * The most credits one figure may be: a balance, a grant, a job's `max_credits`, a monitor's
 * `max_credits_per_day`. GraphQL's Int is 32-bit: a balance beyond it made `me { balance }` and
 * `transactions` an error without data, and a monitor's cap beyond it its `monitors` list (an
 * outside sweep; the keys CLI allowed balances to 2^53 − 1, REST caps as large).
 */
export const MAX_CREDITS = 2_147_483_647;

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

/** What a reservation is for, recorded with its charge when it settles (its transaction row). */
export interface ReserveMeta {
  /** The request's id (x-request-id). */
  requestId?: string;
  /** The operation, as its /v1 path without `/v1/` (`code/repository`). */
  operation?: string;
  /** A bulk job's item: the job's charges are one row, updated as its items settle. */
  jobId?: string;
  /** A monitor's run. */
  monitorId?: string;
}

export interface Reservation {
  id: string;
  keyId: string;
  amount: number;
  /** Present when the reservation was made with one (a copy of the reservation carries it too). */
  meta?: ReserveMeta;
}

/** One settled movement of a key's credits. */
export interface Transaction {
  /** Increasing per key, in the order rows were first written: the `after` cursor. */
  id: number;
  /** When the row last changed (ms since the epoch): a job's row, when its latest item settled. */
  at: number;
  kind: 'grant' | 'charge';
  requestId: string | null;
  operation: string | null;
  jobId: string | null;
  monitorId: string | null;
  /** Signed: grants +, charges −. */
  credits: number;
  /** The key's settled balance right after the row's (latest) movement. */
  balanceAfter: number;
}

export interface TransactionQuery {
  /** Rows with an id above this one. */
  after?: number;
  /** Rows at most (1 …). */
  limit: number;
  operation?: string;
  /** Rows whose `at` is at or after this (ms since the epoch). */
  since?: number;
}

/** Default of TRANSACTIONS_RETENTION_DAYS: how long a transaction row is kept after it last changed. */
export const DEFAULT_TRANSACTIONS_KEEP_MS = 400 * 24 * 3_600_000;

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
   * `meta` is recorded with the charge when the reservation settles.
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
  /**
   * A page of the key's transactions, oldest first (by id), those kept (the ledger's retention):
   * `nextAfter` is the last row's id when more rows match, else null.
   */
  transactions(keyId: string, query: TransactionQuery): Promise<{ rows: Transaction[]; nextAfter: number | null }>;
  /** Sum of charges ever settled for a key (audit and tests). */
  totalCharged(keyId: string): Promise<number>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
