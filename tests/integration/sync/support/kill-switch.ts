// A client killed mid-request (the tab closed while a request hangs): the fault picker pulls the
// switch, the test races its work against `killed` and abandons the client, whose request never answers.
export interface KillSwitch {
  killed: Promise<'killed'>;
  /** called from inside the hanging request: the race sees it once the request is under way */
  pull(): void;
}

export function killSwitch(): KillSwitch {
  let resolve: (value: 'killed') => void = () => {};
  const killed = new Promise<'killed'>((done) => (resolve = done));
  return { killed, pull: () => queueMicrotask(() => resolve('killed')) };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
