// A model on the anywidget contract (get / set / on / off / save_changes / send) backed by a controller that runs
// in the browser-live engine's worker (skitgubbe/views/controllers.py, reached through the bridge). The reader's
// table (views/table.js) draws it exactly as it draws the Jupyter widget's model:
//
//   const model = await openModel(client, "play", { lang: "sv", rules: "pagat", players: 3, seed: 1 });
//   table.render({ model, el });
//
// `send(message)` delivers one front-end message to the controller and applies the keys it changed; while the
// answer says `busy` (a computer seat is to move), it asks for one computer move at a time, each after a visible
// pause, then reports `{type: "done", seq}` as "msg:custom", the way the Jupyter side does.

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class WorkerModel {
  constructor(client, key, values, { pauseMs = 500 } = {}) {
    this.client = client;
    this.key = key;
    this.values = { ...values };
    this.handlers = new Map();
    this.pauseMs = pauseMs;
    this.queue = Promise.resolve();
  }

  get(name) {
    return this.values[name];
  }

  set(name, value) {
    this.apply({ [name]: value });
  }

  on(event, handler) {
    if (!this.handlers.has(event)) this.handlers.set(event, []);
    this.handlers.get(event).push(handler);
  }

  off(event, handler) {
    if (!event) return this.handlers.clear();
    if (!handler) return this.handlers.delete(event);
    this.handlers.set(event, (this.handlers.get(event) ?? []).filter((f) => f !== handler));
  }

  save_changes() {}

  /** Set the changed keys, then call each change handler once (a draw per answer, not per key). */
  apply(changes) {
    const due = new Set();
    for (const [name, value] of Object.entries(changes ?? {})) {
      this.values[name] = value;
      for (const handler of this.handlers.get(`change:${name}`) ?? []) due.add(handler);
    }
    for (const handler of due) handler();
  }

  emit(message) {
    for (const handler of this.handlers.get("msg:custom") ?? []) handler(message);
  }

  async ask(message) {
    return this.client.call("controllers.controller_message", { key: this.key, message });
  }

  /** One message from the front end; answered in order (one at a time). */
  send(message) {
    this.queue = this.queue.then(() => this.deliver(message));
    return this.queue;
  }

  async deliver(message) {
    try {
      let changes = await this.ask(message);
      this.apply(changes);
      while (changes.busy) {
        await sleep(this.pauseMs);
        changes = await this.ask({ op: "computer" });
        this.apply(changes);
      }
    } catch (failure) {
      this.apply({ busy: false, message: failure?.message ?? String(failure) });
    } finally {
      this.emit({ type: "done", seq: message?.seq ?? null });
    }
  }
}

/** Open a controller (`play` or `checker`; `pass` with the opener `pass_play.open_controller`) in the worker under
 * `key`; its model, with the first computer moves (when a computer seat begins) played with their pauses. */
export async function openModel(client, kind, options = {}, { key = kind, pauseMs = 500, opener = "controllers.open_controller" } = {}) {
  const values = await client.call(opener, { kind, key, ...options });
  const model = new WorkerModel(client, key, values, { pauseMs });
  if (values.busy) model.send({ op: "computer" });
  return model;
}
