// The page script of the browser-live engine: the only part loaded before the reader presses Start.
//
// book/_ext/pyodide_runtime.py adds it (and the JSON config #skitgubbe-live-config) to pages that hold an element
// with a data-skitgubbe-live attribute. Inside each such element, a <button data-action="start"> loads the engine:
// the client and the worker are imported only then. When the engine is ready, the element gets `skitgubbeEngine`
// (the EngineClient) and a "skitgubbe-live-ready" event; with data-skitgubbe-live="play" the small play view
// (live-play.mjs) takes over the element.

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
    if (root.dataset.skitgubbeLive === "play") {
      const { mountPlay } = await import("./live-play.mjs");
      await mountPlay(root, client, root.dataset.lang ?? language(root));
    }
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
