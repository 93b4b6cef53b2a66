// The Replay: a game's frames with step buttons, a slider, the keys, the narration and "play from here".
import { h, replaceIfChanged, toggle } from "./dom.js";
import { fill, named } from "./template.js";
import { cardNames, makeDeck } from "./cards.js";
import { drawBoard, drawNarration } from "./board.js";

// control icons as inline SVG (no icon font: every system draws them the same)
const icon = (d) => `<svg class="sgt-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false"><path fill="currentColor" d="${d}"/></svg>`;
// play and pause are solid; a step is a chevron, to the start or the end a chevron against a bar
const ICONS = {
  first: icon("M18.4 16.6 13.8 12l4.6-4.6L17 6l-6 6 6 6zM6 6h2v12H6z"),
  back: icon("M15.4 7.4 14 6l-6 6 6 6 1.4-1.4-4.6-4.6z"),
  play: icon("M8 5v14l11-7z"),
  pause: icon("M6 19h4V5H6zm8-14v14h4V5z"),
  forward: icon("M10 6 8.6 7.4l4.6 4.6-4.6 4.6L10 18l6-6z"),
  last: icon("M5.6 7.4 10.2 12l-4.6 4.6L7 18l6-6-6-6zM16 6h2v12h-2z"),
};

export function renderReplay(model, el) {
  const w = model.get("words");
  const frames = model.get("frames");
  const n = frames.length - 1;
  const card = makeDeck(model.get("deck"));
  const said = cardNames(model.get("deck")); // the narration says each card by the name its picture has
  const names = model.get("names") || {}; // a table's Replay: the people's names for the seats' letters
  const hasLesson = frames.some((f) => f.trump_card && f.trump_card.lesson);
  // a seat head's second line (cards won, out, skitgubbe) only where some frame of the Replay fills it: one box
  const oneLine = !frames.some((f) => f.phase === 1 || f.out.length || f.loser);
  const state = { lesson: false, timer: null };
  const root = h("div", { class: "sgt sgt--replay", lang: model.get("lang") });
  const title = model.get("title");
  const boardBox = h("div", { class: "sgt-boardbox" });
  const narration = h("div", { class: "sgt-narration", "data-role": "narration", "aria-live": "polite", "aria-atomic": "true" });
  const counterText = (i) => (i === 0 ? w.start : fill(w.counter, { i, n }));
  const counter = h("output", { class: "sgt-counter", "aria-hidden": "true" });
  const slider = h("input", { type: "range", min: "0", max: String(n), step: "1", value: "0", class: "sgt-slider", "aria-label": w.slider });
  const button = (action, label) => {
    const b = h("button", { type: "button", class: "sgt-button", "data-step": action, "aria-label": label, title: label });
    b.innerHTML = ICONS[action];
    return b;
  };
  const first = button("first", w.first);
  const back = button("back", w.back);
  const play = button("play", w.play);
  const forward = button("forward", w.forward);
  const lastB = button("last", w.last);
  const controls = h("div", { class: "sgt-controls", role: "group", "aria-label": w.controls }, first, back, play, forward, lastB, slider, counter);
  const toggles = h(
    "div",
    { class: "sgt-toggles" },
    toggle(w.rule_ids, (on) => root.classList.toggle("sgt--ruleids", on)),
    hasLesson ? toggle(w.lesson, (on) => { state.lesson = on; show(model.get("index")); }) : null
  );
  let list = null;
  if (model.get("move_list")) {
    list = h(
      "ol",
      { class: "sgt-movelist", "aria-label": w.moves },
      frames.map((f, i) => h("li", {}, h("button", { type: "button", class: "sgt-movelist__item", "data-frame": String(i), onclick: () => go(i), text: f.label || counterText(i) })))
    );
  }

  // "play from here": only where the page has the browser-live engine (its config); live-page.mjs answers the event
  const take = model.get("take_over");
  let takeButton = null;
  if (take && typeof document !== "undefined" && document.getElementById("skitgubbe-live-config")) {
    takeButton = h("button", { type: "button", class: "sgt-button sgt-button--text", "data-action": "take-over", text: w.take_over });
    takeButton.addEventListener("click", () => {
      stop();
      const i = Math.min(model.get("index") || 0, take.limit);
      const detail = { take, upto: i, frame: frames[i], label: frames[i].label || counterText(i), words: w, lang: model.get("lang") };
      root.dispatchEvent(new CustomEvent("skitgubbe-take-over", { bubbles: true, detail }));
    });
  }
  // one screen on a phone: the board, its step buttons under it, the narration under them; the move list after
  // them (beside them on a wide screen)
  const main = h("div", { class: `sgt-main${list ? " sgt-main--list" : ""}` }, boardBox, controls, narration, list);
  const parts = [
    title ? h("p", { class: "sgt-title" }, h("strong", { text: title })) : null,
    main,
    takeButton ? h("p", { class: "sgt-takeover" }, takeButton) : null,
    h("p", { class: "sgt-help", text: list ? `${w.keys} ${w.markers}` : w.keys }),
    toggles,
  ];
  root.append(...parts.filter((p) => p !== null)); // append() would write a null as the text "null"
  el.append(root);

  function show(i) {
    const view = frames[i];
    boardBox.replaceChildren(nameSeats(drawBoard(view, { words: w, card, lesson: state.lesson, oneLine }), view));
    const heading = (title ? "" : "") + counterText(i);
    replaceIfChanged(narration, ...drawNarration(view, w, heading, said));
    counter.textContent = counterText(i);
    slider.value = String(i);
    slider.setAttribute("aria-valuetext", counterText(i));
    // aria-disabled, not disabled: a focused button keeps its focus (and the arrow keys keep working)
    for (const b of [first, back]) b.setAttribute("aria-disabled", String(i === 0));
    for (const b of [forward, lastB]) b.setAttribute("aria-disabled", String(i === n));
    if (list) {
      const old = list.querySelector("[aria-current]");
      if (old) old.removeAttribute("aria-current");
      const item = list.querySelector(`[data-frame="${i}"]`);
      if (item) {
        item.setAttribute("aria-current", "step");
        const top = item.offsetTop - list.offsetTop;
        if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - item.offsetHeight) list.scrollTop = top - list.clientHeight / 2;
      }
    }
    root.dataset.frame = String(i);
  }
  /** The board with the people's names where it wrote the seats' letters (a table's Replay; the book's Replays
   * have no names, their seats are the letters) in the seat heads, the hands' labels and over the trick. */
  function nameSeats(board, view) {
    const nameOf = (letter) => names[letter] || letter;
    for (const seat of board.querySelectorAll(".sgt-seat[data-player]")) {
      const letter = seat.getAttribute("data-player");
      if (!names[letter]) continue;
      seat.querySelector(".sgt-seat__name").textContent = nameOf(letter);
      const hand = seat.querySelector(".sgt-fan--hand");
      const was = named(w, w.hand, letter);
      const label = hand ? hand.getAttribute("aria-label") || "" : "";
      if (label.startsWith(was)) hand.setAttribute("aria-label", named(w, w.hand, nameOf(letter)) + label.slice(was.length));
    }
    board.querySelectorAll(".sgt-play:not(.sgt-play--empty)").forEach((play, k) => {
      const letter = view.table[k] && view.table[k][0];
      if (!letter || !names[letter]) return;
      play.querySelector(".sgt-play__name").textContent = nameOf(letter);
      const cards = play.querySelector(".sgt-fan");
      const label = cards ? cards.getAttribute("aria-label") || "" : "";
      if (label.startsWith(`${letter}:`)) cards.setAttribute("aria-label", nameOf(letter) + label.slice(letter.length));
    });
    return board;
  }
  function go(i) {
    i = Math.max(0, Math.min(n, i));
    model.set("index", i);
    model.save_changes();
  }
  function stop() {
    if (state.timer !== null) clearInterval(state.timer);
    state.timer = null;
    play.setAttribute("aria-label", w.play);
    play.title = w.play;
    play.innerHTML = ICONS.play;
    play.setAttribute("aria-pressed", "false");
  }
  function start() {
    if (model.get("index") >= n) go(0);
    play.setAttribute("aria-label", w.pause);
    play.title = w.pause;
    play.innerHTML = ICONS.pause;
    play.setAttribute("aria-pressed", "true");
    state.timer = setInterval(() => {
      const i = model.get("index");
      if (i >= n) stop();
      else go(i + 1);
    }, 1400);
  }
  first.addEventListener("click", () => { stop(); go(0); });
  back.addEventListener("click", () => { stop(); go(model.get("index") - 1); });
  forward.addEventListener("click", () => { stop(); go(model.get("index") + 1); });
  lastB.addEventListener("click", () => { stop(); go(n); });
  play.addEventListener("click", () => (state.timer === null ? start() : stop()));
  slider.addEventListener("input", () => { stop(); go(Number(slider.value)); });
  root.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement && e.target.type === "checkbox") return;
    const keys = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    let target = null;
    if (e.key in keys) target = model.get("index") + keys[e.key];
    else if (e.key === "Home") target = 0;
    else if (e.key === "End") target = n;
    if (target === null) return;
    e.preventDefault();
    stop();
    go(target);
  });
  model.on("change:index", () => show(model.get("index")));
  show(model.get("index") || 0);
  return () => stop();
}
