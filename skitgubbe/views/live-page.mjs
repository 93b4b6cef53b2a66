// The page script of the browser-live engine: the only part loaded before the reader presses Start.
//
// book/_ext/pyodide_runtime.py adds it (and the JSON config #skitgubbe-live-config) to pages that hold an element
// with a data-skitgubbe-live attribute, or a Replay that can be continued live (data-skitgubbe-take-over). Inside
// each data-skitgubbe-live element, a <button data-action="start"> loads the engine (`startEngine`: one engine per
// page, the worker started only then). When the engine is ready, the element gets
// `skitgubbeEngine` (the EngineClient) and a "skitgubbe-live-ready" event. With data-skitgubbe-live="play",
// "checker" or "take-over", the reader's table (views/table.js, the same front end as every Replay and the Jupyter
// widget) is drawn into the element's [data-role="live-table"] on a model backed by the worker (live-model.mjs).
// With data-skitgubbe-live="pass" (pass and play: several people at one screen) the seats are read and checked
// first (pass-seats.mjs), and the table is the pass-and-play controller's (skitgubbe/views/pass_play.py).
//
// "Play from here": a Replay's button sends a "skitgubbe-take-over" event (views/table.js); this script then puts
// a panel below the Replay (the reader's seat, a Start button) and continues that frame live.
// House rules: the play page reads `#rules=` + base64url JSON of a rules object (the house-rules page's link).
// Ready before the tap: when a play, pass-and-play or checker panel comes near the screen (and the line is not on
// Save-Data or 2G) the engine starts loading at once, so the tap on Start finds it ready (issue 58).
//
// Words: none of its own. A panel's words come from Python (skitgubbe/text/table_words.py) in its
// <script type="application/json" data-role="live-words"> (views/live/panel.py); a "play from here" panel gets the
// Replay's words. A page without them (a bare data-skitgubbe-live element) narrates nothing but an error.

import { h as el } from "./dom.js"; // the table's DOM builder and template filler
import { fill } from "./template.js";
import { houseRulesOf } from "./rules-address.mjs";
import { readSeats, wireSeats } from "./pass-seats.mjs";
// the engine's client (a small module) comes with the page, so a start makes the worker at once (issue 58)
import { EngineClient } from "./engine-client.mjs";

function language(root) {
  const lang = root.closest("[lang]")?.getAttribute("lang") ?? document.documentElement.lang ?? "en";
  return lang.startsWith("sv") ? "sv" : "en";
}

function say(root, text) {
  const narration = root.querySelector('[data-role="narration"]');
  if (narration) narration.textContent = text;
}


/** The panel's choices (every named field of the element that holds a value); the house rules for "house". */
function choices(root) {
  const found = {};
  for (const field of root.querySelectorAll("[name]")) {
    if (field.closest('[data-role="live-table"]')) continue;
    const value = field.value;
    if (value === "") continue;
    found[field.name] = field.type === "number" || /^\d+$/.test(value) ? Number(value) : value;
  }
  if (root.houseRules) {
    found.house_rules = root.houseRules;
    if (found.rules === "house") found.rules = root.houseRules;
  }
  return found;
}

export function pageConfig() {
  const element = document.getElementById("skitgubbe-live-config");
  return element ? JSON.parse(element.textContent) : {};
}

let engine = null;

/** The engine's state on <html data-skitgubbe-engine> ("loading", "ready", "failed"); when it settles, a
 * "skitgubbe-engine-settled" event (the offline script waits for it: nothing else shares the line meanwhile). */
function engineState(state) {
  document.documentElement.setAttribute("data-skitgubbe-engine", state);
  tellOffline({ type: state === "loading" ? "sg-hold" : "sg-go" }); // the offline precache waits for the engine
  if (state !== "loading") document.dispatchEvent(new CustomEvent("skitgubbe-engine-settled", { detail: { state } }));
}

/** A message to the offline worker (book/_ext/offline.py), once it runs (in order: one promise carries them). */
function tellOffline(message) {
  navigator.serviceWorker?.ready.then((registration) => registration.active?.postMessage(message));
}

/** Ask the offline worker to keep the engine's files: it takes them from the HTTP cache. */
function keepOffline() {
  tellOffline({ type: "sg-cache-live" });
}

/** The page's engine (an EngineClient), started on the first call; every panel of the page shares it. */
export function startEngine() {
  if (!engine) {
    performance.mark("skitgubbe-engine-start"); // where a start's trace begins (benchmarks/live_start.py)
    engineState("loading");
    engine = EngineClient.start();
    // the table's modules load beside the engine, not after it (the first deal needs them at once)
    const table = pageConfig().table;
    for (const module of [import("./live-model.mjs"), ...(table ? [import(new URL(table, document.baseURI).href)] : [])]) module.catch(() => {});
    engine.then(
      () => {
        engineState("ready");
        keepOffline();
      },
      () => {
        engine = null; // a failed start may be tried again
        engineState("failed");
      }
    );
  }
  return engine;
}

/** Whether the reader's connection asks for few bytes (Save-Data, or a 2G line): then nothing loads before a tap. */
function sparingLine() {
  const line = /** @type {any} */ (navigator).connection;
  return Boolean(line && (line.saveData || /(^|-)2g$/.test(String(line.effectiveType ?? ""))));
}

/** Start the engine before the tap where it costs nothing: when a play, pass-and-play or checker panel comes near
 * the screen, so the tap on Start finds it ready (or nearly). Never on a sparing line. */
function warmWhenNear() {
  const panels = document.querySelectorAll('[data-skitgubbe-live="play"], [data-skitgubbe-live="pass"], [data-skitgubbe-live="checker"]');
  if (!panels.length || !("IntersectionObserver" in globalThis)) return;
  const html = document.documentElement;
  if (sparingLine()) {
    html.dataset.skitgubbeWarm = "spared"; // said on <html data-skitgubbe-warm> (the tests read it)
    return;
  }
  html.dataset.skitgubbeWarm = "waiting";
  const near = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      near.disconnect();
      html.dataset.skitgubbeWarm = "near";
      startEngine().catch(() => {}); // a failure is said when the reader taps Start
    },
    { rootMargin: "0px 0px 25% 0px" }
  );
  for (const panel of panels) near.observe(panel);
}

let keys = 0;
async function mountTable(root, client, kind, options) {
  const config = pageConfig();
  const [{ openModel }, table] = await Promise.all([
    import("./live-model.mjs"),
    import(new URL(config.table, document.baseURI).href),
  ]);
  const pauseMs = Number(root.dataset.pauseMs ?? document.documentElement.dataset.skitgubbePauseMs ?? 500);
  keys += 1;
  const key = kind === "play" && keys === 1 ? "play" : `${kind}-${keys}`;
  const opener = kind === "pass" ? "pass_play.open_controller" : "controllers.open_controller";
  const model = await openModel(client, kind, options, { key, pauseMs, opener });
  const place = root.querySelector('[data-role="live-table"]') ?? root;
  const hadFocus = root.contains(document.activeElement); // the Start button, which goes away now
  for (const part of root.querySelectorAll("[data-live-before]")) part.remove(); // the table has its own
  place.replaceChildren();
  table.default.render({ model, el: place });
  // the focus goes on into the table (a live game takes it into the reader's hand itself), never to the page's body
  const active = document.activeElement;
  if (hadFocus && (!active || active === document.body)) {
    const first = /** @type {HTMLElement | null} */ (place.querySelector("button:not([disabled]), select, input, textarea, [tabindex]"));
    if (first) first.focus({ preventScroll: true });
  }
  root.skitgubbeModel = model;
  root.dataset.table = "ready";
}

/** A failure in the page's language: the engine's own Swedish or English words when it gave them. */
function failureText(failure, lang) {
  const words = failure?.detail?.messages;
  if (words && typeof words === "object" && Object.hasOwn(words, lang) && typeof words[lang] === "string") return words[lang];
  return String(failure?.message ?? failure);
}

/** Press Start: load the engine (once per page), then draw the element's live table. "Could not start" is said
 * only when the engine did not start; a table the running engine cannot open says what went wrong instead. */
export async function start(root, button) {
  const lang = root.dataset.lang ?? language(root);
  const said = pageWords(root);
  const kind = root.dataset.skitgubbeLive;
  const seats = kind === "pass" ? readSeats(root, passWords(root)) : null;
  if (kind === "pass" && !seats) return; // the problem with the seats is said on the panel; nothing starts
  // aria-disabled, not disabled: a disabled button would drop the focus to the page's body while the engine loads
  button.setAttribute("aria-disabled", "true");
  root.setAttribute("aria-busy", "true");
  say(root, said.engine_loading ?? "");
  let client;
  try {
    client = await startEngine();
  } catch (failure) {
    root.dataset.engine = "failed";
    button.removeAttribute("aria-disabled");
    root.removeAttribute("aria-busy");
    say(root, fill(said.engine_failed ?? "{error}", { error: failureText(failure, lang) }));
    throw failure;
  }
  try {
    root.skitgubbeEngine = client;
    root.dataset.engine = "ready";
    say(root, said.engine_ready ?? "");
    root.dispatchEvent(new CustomEvent("skitgubbe-live-ready", { detail: { client }, bubbles: true }));
    if (kind === "play" || kind === "checker") await mountTable(root, client, kind, { lang, ...choices(root) });
    else if (kind === "pass") await mountTable(root, client, kind, { lang, ...choices(root), seats });
    else if (kind === "take-over") await mountTable(root, client, "play", { lang, take_over: root.takeOver() });
  } catch (failure) {
    root.dataset.table = "failed";
    button.removeAttribute("aria-disabled");
    const text = fill(said.table_failed ?? "{error}", { error: failureText(failure, lang) });
    say(root, text);
    const problem = root.querySelector('[data-role="problem"]');
    if (problem) problem.textContent = text;
    throw failure;
  } finally {
    root.removeAttribute("aria-busy");
  }
}

function wire(root) {
  const button = root.querySelector('button[data-action="start"]');
  if (button) {
    button.addEventListener("click", () => {
      if (button.getAttribute("aria-disabled") === "true") return; // starting: one press is enough
      start(root, button).catch(() => {});
    });
  }
}

/** The checker opened from a link (#case=…, #rules=…, #case=…&rules=…): the page scrolls to the checker, the
 * fragment goes to it and the engine starts by itself; a fragment pasted later (hashchange) opens in the running
 * checker. The checker is far down its page, its verdicts below the position editor: a reader who followed a link
 * came for the verdict, so the page shows the checker at once and then the answer. */
function checkerFromAddress() {
  const linked = () => /^#(case|rules)=/.test(location.hash);
  const show = (root) => root.scrollIntoView({ block: "start" });
  // once the link is answered: its problem, or its verdicts (below the position editor, far down on a phone)
  const answer = (root) =>
    (root.querySelector('.sgt--checker [data-role="problem"]:not(:empty)') ?? root.querySelector(".sgt--checker .sgt-verdicts") ?? root).scrollIntoView({ block: "start" });
  for (const found of document.querySelectorAll('[data-skitgubbe-live="checker"]')) {
    const root = /** @type {any} */ (found); // the element carries its model (skitgubbeModel) once the engine runs
    const field = /** @type {HTMLInputElement | null} */ (root.querySelector('input[name="fragment"]'));
    const button = root.querySelector('button[data-action="start"]');
    if (!field || !button) continue;
    if (linked()) {
      field.value = location.hash;
      root.querySelector('[data-role="from-link"]')?.removeAttribute("hidden");
      show(root);
      start(root, button)
        .then(() => answer(root))
        .catch(() => show(root));
    }
    addEventListener("hashchange", () => {
      if (!linked()) return;
      show(root);
      if (root.skitgubbeModel) root.skitgubbeModel.send({ op: "fragment", fragment: location.hash }).then(() => answer(root));
      else field.value = location.hash;
    });
  }
}
checkerFromAddress();
// -- house rules from the address (#rules=...): read by rules-address.mjs ------------------------------------
function describe(spec) {
  const changed = Object.entries(spec).filter(([k]) => k !== "preset");
  const preset = Object.hasOwn(spec, "preset") ? spec.preset : "pagat";
  return [preset, ...changed.map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`)].join(", ");
}

/** The words of a panel: its live-words JSON (a "play from here" panel: the Replay's words); none without it. */
function pageWords(root) {
  if (root.pageWords) return root.pageWords;
  const script = root.querySelector('script[data-role="live-words"]');
  return script ? JSON.parse(script.textContent) : {};
}

/** The pass-and-play panel's words (its pass-words JSON: the seats' names and problems). */
function passWords(root) {
  const script = root.querySelector('script[data-role="pass-words"]');
  return script ? JSON.parse(script.textContent) : {};
}

function houseRules(root) {
  if (root.dataset.skitgubbeLive !== "play" && root.dataset.skitgubbeLive !== "pass") return;
  const said = pageWords(root);
  const place = root.querySelector('[data-role="house-rules"]');
  if (!place) return;
  let spec;
  try {
    spec = houseRulesOf(location.hash, said);
  } catch (error) {
    place.setAttribute("role", "alert");
    place.dataset.state = "refused";
    place.textContent = fill(said.bad_house_rules, { error: error.message });
    return;
  }
  if (!spec) return;
  root.houseRules = spec;
  place.dataset.state = "ok";
  place.textContent = fill(said.house_rules_text, { rules: describe(spec) });
  const select = root.querySelector('select[name="rules"]');
  if (select) {
    select.append(el("option", { value: "house", text: said.house_rules }));
    select.value = "house";
  }
}

// -- play from here -----------------------------------------------------------------------------------------
function openTakeOver(replay, detail) {
  const { take, upto, frame, label, words: w, lang } = detail;
  const anchor = replay.closest(".sgt-mount") ?? replay.closest(".sgt-after") ?? replay;
  const old = anchor.nextElementSibling;
  if (old && old.matches('[data-skitgubbe-live="take-over"]')) old.remove();
  const seat = el(
    "select",
    { name: "seat" },
    ...frame.players.map((name) => el("option", { value: name, text: name }))
  );
  seat.value = frame.to_play ?? frame.players[0];
  const rules = take.case ? take.case.rules : take.record.rules;
  const button = el("button", { type: "button", "data-action": "start", class: "sgt-button sgt-button--text", text: w.take_over_start });
  const root = /** @type {any} */ (el)(
    "section",
    { class: "skitgubbe-live skitgubbe-takeover", "data-skitgubbe-live": "take-over", "data-lang": lang, lang, "aria-label": w.take_over },
    el("p", { class: "sgt-title" }, el("strong", { text: fill(w.take_over_title, { frame: label }) })),
    el("p", { "data-live-before": true }, el("label", {}, `${w.take_over_seat} `, seat), " ", el("span", { text: fill(w.take_over_rules, { rules: typeof rules === "string" ? rules : describe(rules) }) })),
    el("p", { "data-live-before": true }, button, " ", el("small", { text: w.take_over_help })),
    el("p", { "data-live-before": true, "data-role": "narration", "aria-live": "polite" }),
    el("div", { "data-role": "live-table" })
  );
  root.pageWords = w; // its Start button's narration: the Replay's words (they hold every word of the page script)
  root.takeOver = () => {
    const source = take.case ? { case: take.case } : { record: take.record };
    return { ...source, upto, seat: seat.value };
  };
  anchor.after(root);
  wire(root);
  button.focus();
}

for (const root of document.querySelectorAll("[data-skitgubbe-live]")) {
  houseRules(root);
  if (root.getAttribute("data-skitgubbe-live") === "pass") wireSeats(root);
  wire(root);
}
warmWhenNear();
document.addEventListener("skitgubbe-take-over", (event) => openTakeOver(event.target, /** @type {CustomEvent} */ (event).detail));
