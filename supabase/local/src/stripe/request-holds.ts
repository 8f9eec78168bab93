// A test seam of the Stripe double: the next API request with a given method and path waits, before it
// touches the double's state, until the test releases it. A test holds one side of a race there (say the
// scheduler's charge), acts while it provably waits (say the guest's "Pay now"), then lets it go, instead
// of hoping two calls overlap in time. Driven through /stripe/test/holds (routes.ts).

export interface HeldRequest {
  method: string;
  path: string;
}

interface Hold extends HeldRequest {
  id: string;
  /** Settled with the request once one is waiting at the hold. */
  arrived: Promise<HeldRequest>;
  arrive(request: HeldRequest): void;
  released: Promise<void>;
  release(): void;
  taken: boolean;
}

/** A request nobody releases goes on after this, so a test that died cannot wedge the double. */
const maxHoldMs = 60_000;

export class RequestHolds {
  private readonly holds = new Map<string, Hold>();
  private next = 0;

  /** Holds the next request with this method and API path (e.g. POST /v1/payment_intents); returns the hold's id. */
  add(method: string, path: string): string {
    const id = `hold_${++this.next}`;
    let arrive!: (request: HeldRequest) => void;
    let release!: () => void;
    const arrived = new Promise<HeldRequest>((resolve) => (arrive = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    this.holds.set(id, { id, method: method.toUpperCase(), path, arrived, arrive, released, release, taken: false });
    return id;
  }

  /** Called for every API request: waits while a hold takes it. */
  async pass(method: string, path: string): Promise<void> {
    const hold = [...this.holds.values()].find((h) => !h.taken && h.method === method.toUpperCase() && h.path === path);
    if (!hold) return;
    hold.taken = true;
    hold.arrive({ method: hold.method, path });
    const failsafe = setTimeout(() => {
      console.warn(`[stripe] ${hold.id} (${hold.method} ${hold.path}) was never released; letting the request go`);
      hold.release();
    }, maxHoldMs);
    await hold.released;
    clearTimeout(failsafe);
    this.holds.delete(hold.id);
  }

  /** Resolves with the held request once one waits at the hold; null when the hold does not exist. */
  arrival(id: string): Promise<HeldRequest> | null {
    return this.holds.get(id)?.arrived ?? null;
  }

  /** Lets the held request go on (or drops a hold nothing reached yet). False when there is no such hold. */
  release(id: string): boolean {
    const hold = this.holds.get(id);
    if (!hold) return false;
    hold.release();
    if (!hold.taken) this.holds.delete(id);
    return true;
  }
}
