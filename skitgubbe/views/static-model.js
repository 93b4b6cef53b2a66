// A model for the static site (no kernel): the data embedded in the page is all there is; `set` tells the listeners
// of `change:<key>`, `send` goes nowhere. The live page's model (live-model.mjs) has the same shape.

export function staticModel(data) {
  const values = { ...data };
  const handlers = new Map();
  return {
    get: (key) => values[key],
    set(key, value) {
      const changed = values[key] !== value;
      values[key] = value;
      if (changed) for (const f of handlers.get(`change:${key}`) || []) f();
    },
    on(event, f) {
      if (!handlers.has(event)) handlers.set(event, []);
      handlers.get(event).push(f);
    },
    off() {},
    save_changes() {},
    send() {},
  };
}
