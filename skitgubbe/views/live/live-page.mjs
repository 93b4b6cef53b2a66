// The page script of the browser-live engine: the only part loaded before the reader presses Start.
//
// book/_ext/pyodide_runtime.py adds it (and the JSON config #skitgubbe-live-config) to pages that hold an element
// with a data-skitgubbe-live attribute. Inside each such element, a <button data-action="start"> loads the engine:
// the client and the worker are imported only then. When the engine is ready, the element gets `skitgubbeEngine`
// (the EngineClient) and a "skitgubbe-live-ready" event. With data-skitgubbe-live="play" or "checker", the reader's
// table (views/table.js, the same front end as every Replay and the Jupyter widget) is drawn into the element's
// [data-role="live-table"] on a model backed by the worker (live-model.mjs): the panel's choices deal the game.

const WORDS = {
  sv: { loading: "Laddar motorn …", ready: "Motorn är klar.", failed: "Motorn kunde inte startas: " },
  en: { loading: "Loading the engine …", ready: "The engine is ready.", failed: "The engine could not start: " },
};

function language(root) {
  const lang = root.closest("[lang]")?.getAttribute("lang") ?? document.documentElement.lang ?? "en";
  return lang.startsWith("sv") ? "sv" : "en";
}

function say(root, text) {
  const narration = root.querySelector('[data-role="narration"]');
  if (narration) narration.textContent = text;
}

/** The panel's choices (every named field of the element that holds a value). */
function choices(root) {
  const found = {};
  for (const field of root.querySelectorAll("[name]")) {
    if (field.closest('[data-role="live-table"]')) continue;
    const value = field.value;
    if (value === "") continue;
    found[field.name] = field.type === "number" || /^\d+$/.test(value) ? Number(value) : value;
  }
  return found;
}

async function mountTable(root, client, kind, lang) {
  const config = pageConfig();
  const [{ openModel }, table] = await Promise.all([
    import("./live-model.mjs"),
    import(new URL(config.table, document.baseURI).href),
  ]);
  const model = await openModel(client, kind, { lang, ...choices(root) }, { pauseMs: Number(root.dataset.pauseMs ?? 500) });
  const place = root.querySelector('[data-role="live-table"]') ?? root;
  for (const part of root.querySelectorAll("[data-live-before]")) part.remove(); // the table has its own
  place.replaceChildren();
  table.default.render({ model, el: place });
  root.skitgubbeModel = model;
  root.dataset.table = "ready";
}

function pageConfig() {
  const element = document.getElementById("skitgubbe-live-config");
  return element ? JSON.parse(element.textContent) : {};
}

async function start(root, button) {
  const words = WORDS[root.dataset.lang ?? language(root)] ?? WORDS.en;
  button.disabled = true;
  root.setAttribute("aria-busy", "true");
  say(root, words.loading);
  try {
    const { EngineClient } = await import("./engine-client.mjs");
    const client = await EngineClient.start();
    root.skitgubbeEngine = client;
    root.dataset.engine = "ready";
    say(root, words.ready);
    root.dispatchEvent(new CustomEvent("skitgubbe-live-ready", { detail: { client }, bubbles: true }));
    const kind = root.dataset.skitgubbeLive;
    if (kind === "play" || kind === "checker") await mountTable(root, client, kind, root.dataset.lang ?? language(root));
  } catch (failure) {
    root.dataset.engine = "failed";
    button.disabled = false;
    say(root, words.failed + (failure?.message ?? failure));
    throw failure;
  } finally {
    root.removeAttribute("aria-busy");
  }
}

for (const root of document.querySelectorAll("[data-skitgubbe-live]")) {
  const button = root.querySelector('button[data-action="start"]');
  if (button) button.addEventListener("click", () => start(root, button).catch(() => {}), { once: false });
}
