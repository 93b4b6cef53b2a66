// The reader's table: one front end for the static site and for Jupyter (anywidget contract).
//   export default { render({ model, el }) }   model: get / set / on / save_changes / send
// Modes (model "mode"): "replay" (frames embedded as JSON), "live" (a game driven by skitgubbe/session.py
// through the Python side), "checker" (a case judged under every preset). Card pictures come from the model's
// "deck" (SVG drawn by skitgubbe/views/render.py); every word from its "words" (the page's language).

const fill = (template, params) => template.replace(/\{(\w+)\}/g, (_, k) => (k in params ? params[k] : `{${k}}`));

// "A:s hand", "Annas hand", "Lars hand" (sv) / "A's hand" (en): words.genitive names the language's rule
function genitive(name, rule) {
  if (rule !== "sv") return `${name}'s`;
  if (/^[A-ZÅÄÖ0-9]{1,3}$/.test(name)) return `${name}:s`;
  return /[sxz]$/i.test(name) ? name : `${name}s`;
}
const named = (w, template, name) => fill(template, { name, gen: genitive(name, w.genitive) });

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// -- cards --------------------------------------------------------------------------------------------------
function makeDeck(pictures) {
  const templates = new Map();
  return (code, extra = "") => {
    const key = code in pictures ? code : "back";
    let tpl = templates.get(key);
    if (!tpl) {
      tpl = document.createElement("template");
      tpl.innerHTML = pictures[key] || "";
      templates.set(key, tpl);
    }
    const svg = tpl.content.firstElementChild.cloneNode(true);
    if (key === "back") svg.setAttribute("data-card", "back");
    svg.classList.add("sgt-card");
    if (extra) for (const c of extra.split(" ")) if (c) svg.classList.add(c);
    return svg;
  };
}

function fan(cards, label, cls = "") {
  return h("span", { class: `sgt-fan ${cls}`, role: "group", "aria-label": label }, cards.map((c) => h("span", { class: "sgt-slot" }, c)));
}

// a hand as players hold it: by suit, the colours alternating (the trump suit last), each suit from 2 up to ace
const SUIT_ORDER = ["C", "H", "S", "D"];
const RANK_ORDER = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
function sortHand(codes, trump) {
  const suits = trump ? [...SUIT_ORDER.filter((s) => s !== trump), trump] : SUIT_ORDER;
  const key = (code) => suits.indexOf(code.slice(-1)) * 100 + RANK_ORDER.indexOf(code.slice(0, -1));
  return [...codes].sort((a, b) => key(a) - key(b));
}

// -- the board (one view of session.py: state_view / frame_view) ---------------------------------------------
function seatOrder(players, bottom) {
  const i = Math.max(0, players.indexOf(bottom));
  const rest = [];
  for (let k = 1; k < players.length; k++) rest.push(players[(i + k) % players.length]);
  return { bottom: players[i], top: rest };
}

function drawBoard(view, ctx) {
  const { words: w, card } = ctx;
  const last = view.last;
  const highlight = new Set(last && last.legal ? last.cards : []);
  const lastPlayer = last && last.legal ? last.player : null;
  const count = (n) => (n === 1 ? w.cards_one : fill(w.cards, { n }));
  const seats = seatOrder(view.players, ctx.bottom || view.players[0]);

  const seat = (name, where) => {
    const hand = view.hands[name];
    const mine = ctx.live && name === view.you;
    const open = hand.cards !== null;
    // the head's first line: name, count and the turn; its second: what the seat has won, out, skitgubbe (two lines
    // on a narrow seat, so a badge is never cut off; one line on a wide one)
    const turn = view.to_play === name ? h("span", { class: "sgt-badge sgt-badge--turn", text: w.to_play }) : null;
    const badges = [];
    if (view.phase === 1) badges.push(h("span", { class: "sgt-badge", text: fill(w.won, { n: view.won[name] }) }));
    if (view.out.includes(name)) badges.push(h("span", { class: "sgt-badge sgt-badge--out", text: w.out }));
    if (view.loser === name) badges.push(h("span", { class: "sgt-badge sgt-badge--loser", text: w.loser }));
    let cards;
    if (open) {
      const codes = mine ? sortHand(hand.cards, view.trump ? view.trump.suit : null) : hand.cards;
      cards = codes.map((code) => {
        const pic = card(code, highlight.has(code) && lastPlayer === name ? "sgt-card--last" : "");
        if (!mine) return pic;
        // a card that is not a legal move is still a button (dimmed and marked): clicking it plays it, and the
        // explanation under the hand says which rule refuses it; a card of a legal play of several is toggled
        const playable = ctx.playable.has(code);
        const toggles = ctx.multi && playable;
        const selected = ctx.selected.has(code);
        const button = h("button", {
          type: "button",
          class: `sgt-cardbutton${selected ? " sgt-cardbutton--selected" : ""}${playable ? " sgt-cardbutton--legal" : " sgt-cardbutton--illegal"}`,
          "data-action": toggles ? "select" : "play",
          "data-card": code,
          "data-legal": String(playable),
          "aria-pressed": toggles ? String(selected) : null,
          "aria-describedby": playable ? null : ctx.illegalId,
          disabled: ctx.busy || ctx.over,
        });
        // the button's name is its picture's (role="img", aria-label): an aria-label of its own would not hold the
        // picture's text ("2" and the suit), which axe's label-content-name-mismatch asks for
        pic.removeAttribute("data-card");
        button.append(pic);
        if (!playable) button.append(h("span", { class: "sgt-cardmark", "aria-hidden": "true", text: "✕" }));
        return button;
      });
    } else {
      cards = Array.from({ length: hand.count }, () => card("back"));
    }
    const label = `${named(w, w.hand, name)}: ${count(hand.count)}`;
    const fanned = fan(cards, label, mine ? "sgt-fan--hand sgt-fan--mine" : "sgt-fan--hand");
    if (mine) fanned.setAttribute("tabindex", "-1"); // focus waits here while no card can be pressed
    return h(
      "div",
      {
        class: `sgt-seat sgt-seat--${where}${view.to_play === name ? " sgt-seat--turn" : ""}${view.out.includes(name) ? " sgt-seat--out" : ""}`,
        "data-player": name,
      },
      h(
        "div",
        { class: "sgt-seat__head" },
        h(
          "span",
          { class: "sgt-seat__line" },
          h("span", { class: "sgt-seat__name", text: mine ? `${name} (${w.you})` : name }),
          h("span", { class: "sgt-seat__count", text: count(hand.count) }),
          turn
        ),
        h("span", { class: "sgt-seat__badges" }, badges)
      ),
      fanned
    );
  };

  // the centre: talon and set-aside card, the table, the information line
  const centre = [];
  if (view.phase === 1) {
    const pile = view.talon ? [card("back", "sgt-card--talon")] : [];
    centre.push(
      h("div", { class: "sgt-talon", role: "group", "aria-label": view.talon_text }, h("span", { class: "sgt-talon__pile" }, pile), h("span", { class: "sgt-talon__label", text: view.talon_text }))
    );
    if (view.trump_card) {
      const tc = view.trump_card;
      const shown = tc.lesson && ctx.lesson ? card(tc.lesson, "sgt-card--lesson") : card(tc.card);
      centre.push(h("div", { class: "sgt-aside", role: "group", "aria-label": tc.caption }, shown, h("span", { class: "sgt-talon__label", text: tc.caption })));
    }
  }
  const plays = view.table.map(([name, codes], i) => {
    const isLast = i === view.table.length - 1 && lastPlayer === name;
    const label = `${name}: ${codes.length ? "" : ""}${count(codes.length)}`;
    return h(
      "li",
      { class: `sgt-play${isLast ? " sgt-play--last" : ""}` },
      h("span", { class: "sgt-play__name", text: name }),
      fan(codes.map((c) => card(c, isLast ? "sgt-card--last" : "")), label)
    );
  });
  const table = h(
    "div",
    { class: `sgt-table${view.completed ? " sgt-table--completed" : ""}`, role: "group", "aria-label": w.table },
    h("span", { class: "sgt-table__title", text: view.completed ? `${w.table} · ${view.completed_text}` : w.table }),
    // an empty table keeps the same rows (name, a card's height) so the board keeps its height
    h("ol", { class: "sgt-plays" }, plays.length ? plays : h("li", { class: "sgt-play sgt-play--empty" }, h("span", { class: "sgt-play__name" }, "\u00a0"), h("span", { class: "sgt-fan sgt-table__empty", text: w.table_empty })))
  );
  const info = h(
    "p",
    { class: "sgt-info" },
    h("span", { class: "sgt-info__phase", text: view.phase_text }),
    view.trump_text ? h("span", { class: "sgt-info__trump", "data-trump": view.trump ? view.trump.suit : "", text: view.trump_text }) : null,
    // "B to play" says what the turn badge says: a narrow board leaves it out (not a finished game's line)
    h("span", { class: `sgt-info__status${view.to_play ? " sgt-info__status--turn" : ""}`, text: view.status })
  );
  return h(
    "div",
    { class: `sgt-board sgt-board--n${view.players.length}${ctx.oneLine ? " sgt-board--oneline" : ""}`, role: "group", "aria-label": w.board, "data-phase": String(view.phase) },
    ctx.illegalId ? h("span", { id: ctx.illegalId, hidden: true, text: w.illegal_card }) : null,
    h("div", { class: "sgt-top" }, seats.top.map((n) => seat(n, "top"))),
    h("div", { class: "sgt-centre" }, info, h("div", { class: "sgt-centre__row" }, centre, table)),
    seat(seats.bottom, "bottom")
  );
}

// -- narration: who, what, legal or not, the rule in words (ids only behind the toggle) ------------------------
function drawNarration(view, w, heading) {
  const last = view.last;
  const parts = [];
  if (heading) parts.push(h("p", { class: "sgt-narration__heading" }, h("strong", { text: heading }), " "));
  if (last) {
    parts.push(
      h(
        "p",
        { class: `sgt-narration__move${last.legal ? "" : " sgt-narration__move--illegal"}` },
        h("strong", { text: last.text }),
        " — ",
        h("span", { class: last.legal ? "sgt-legal" : "sgt-illegal", text: `${last.legal ? "✓" : "✗"} ${last.verdict}` })
      )
    );
    parts.push(h("p", { class: "sgt-narration__why", text: last.why }));
    if (last.rule)
      parts.push(
        h("p", { class: "sgt-narration__rule" }, `${w.rule}: `, h("code", { class: "sgt-ruleid", text: last.rule }), " ", last.rule_text)
      );
    if (last.events.length)
      parts.push(h("ul", { class: "sgt-narration__events" }, last.events.map((e) => h("li", {}, e.text, e.rule ? [" ", h("code", { class: "sgt-ruleid", text: e.rule })] : []))));
  } else {
    parts.push(h("p", { class: "sgt-narration__move", text: view.status }));
  }
  return parts;
}

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

function toggle(label, onchange, checked = false) {
  const input = h("input", { type: "checkbox", onchange: (e) => onchange(e.target.checked) });
  input.checked = checked;
  return h("label", { class: "sgt-toggle" }, input, " ", label);
}

// -- Replay ---------------------------------------------------------------------------------------------------
function renderReplay(model, el) {
  const w = model.get("words");
  const frames = model.get("frames");
  const n = frames.length - 1;
  const card = makeDeck(model.get("deck"));
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
    boardBox.replaceChildren(drawBoard(view, { words: w, card, lesson: state.lesson, oneLine }));
    const heading = (title ? "" : "") + counterText(i);
    narration.replaceChildren(...drawNarration(view, w, heading));
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

// -- live play ------------------------------------------------------------------------------------------------
let liveTables = 0; // each live table's ids are its own (a page may hold several: play from here)
function renderLive(model, el) {
  const w = model.get("words");
  // the words of the opponents' kinds and the reader's actions, each key written out (never built from pieces)
  const kindWords = { random: w.random, sensible: w.sensible, strong: w.strong };
  const actionWords = { "pick-up": w["pick-up"], chansa: w.chansa, throw: w.throw, pass: w.pass };
  const card = makeDeck(model.get("deck"));
  const lang = model.get("lang");
  const root = h("div", { class: "sgt sgt--live", lang });
  const local = { pending: false, selected: new Set(), illegalId: `sgt-illegal-${++liveTables}`, explained: null };
  const options = model.get("options");
  const select = (key, label, values) => {
    const node = h("select", { "data-option": key, "aria-label": label }, values.map(([v, text]) => h("option", { value: String(v), text })));
    node.value = String(options[key]);
    return h("label", { class: "sgt-option" }, `${label} `, node);
  };
  const number = (key, label, min, max) => {
    const node = h("input", { type: "number", "data-option": key, min: String(min), max: String(max), value: String(options[key]), inputmode: "numeric" });
    return h("label", { class: "sgt-option" }, `${label} `, node);
  };
  const newButton = h("button", { type: "button", class: "sgt-button sgt-button--text", "data-action": "new", text: w.new });
  const openToggle = toggle(w.open_hands, (on) => send({ op: "open", value: on }), Boolean(model.get("open_hands")));
  const house = model.get("house_rules");
  const ruleChoices = model.get("presets").map((p) => [p, p]);
  if (house) ruleChoices.push(["house", w.house_rules]);
  const rulesSelect = select("rules", w.rules, ruleChoices);
  if (house && typeof options.rules === "object") rulesSelect.querySelector("select").value = "house";
  const seedBox = number("seed", w.seed, 0, 1000000);
  const optionsBox = h(
    "div",
    { class: "sgt-options" },
    rulesSelect,
    number("players", w.players, 2, 6),
    select("opponents", w.opponents, model.get("kinds").map((k) => [k, kindWords[k] || k])),
    seedBox,
    newButton,
    openToggle
  );
  const note = h("p", { class: "sgt-note", role: "status" });
  const boardBox = h("div", { class: "sgt-boardbox" });
  // a refused card's reason, directly under the hand (where the reader looks); the narration below says it too
  const explain = h("div", { class: "sgt-explain", "data-role": "explain" });
  const actions = h("div", { class: "sgt-actions", role: "group", "aria-label": w.live });
  // the end of a game: play again (the next deal), or go through the whole game in its Replay
  const againButton = h("button", { type: "button", class: "sgt-button sgt-button--text sgt-button--main", "data-action": "play-again", text: w.play_again });
  const watchButton = h("button", { type: "button", class: "sgt-button sgt-button--text", "data-action": "watch-replay", text: w.watch_replay });
  const overText = h("strong", { class: "sgt-over__text" });
  // the coach (issue 28): a hint on the reader's turn; at the end, a review of the reader's moves
  const reviewButton = h("button", { type: "button", class: "sgt-button sgt-button--text", "data-action": "review", text: w.review });
  const overBox = h("div", { class: "sgt-over", hidden: true }, h("p", {}, overText), h("p", { class: "sgt-over__buttons" }, againButton, watchButton, reviewButton));
  const hintButton = h("button", { type: "button", class: "sgt-button sgt-button--text", "data-action": "hint", text: w.hint });
  const hintLine = h("p", { class: "sgt-hint__line", id: `sgt-hint-${liveTables}`, "data-role": "hint", "aria-live": "polite" });
  // the strong search on the engine, not the fast core (rules it does not play, or no C): said once, calmly, under
  // the hint and through the review
  const searchNote = h("p", { class: "sgt-help", "data-role": "search-note", "aria-live": "polite", hidden: true });
  const hintBox = h("div", { class: "sgt-hint" }, hintButton, hintLine);
  const reviewBox = h("section", { class: "sgt-review", "data-role": "review", "aria-label": w.review_title });
  const typed = h("input", { type: "text", class: "sgt-typed", "aria-label": w.type, placeholder: w.type_hint, autocomplete: "off" });
  const tryButton = h("button", { type: "submit", class: "sgt-button sgt-button--text", "data-action": "typed", text: w.try });
  const form = h("form", { class: "sgt-typedform", onsubmit: (e) => { e.preventDefault(); submitTyped(); } }, h("label", {}, `${w.type} `, typed), tryButton);
  const narration = h("div", { class: "sgt-narration", "data-role": "narration", "aria-live": "polite", "aria-atomic": "true" });
  const status = h("p", { class: "sgt-status", role: "status" });
  const after = h("div", { class: "sgt-after" });
  // the reader's own last move and its verdict stay in view while the computer plays on (the narration moves on)
  const yours = h("div", { class: "sgt-yourmove", "data-role": "your-move" });
  root.append(optionsBox, note, boardBox, explain, actions, hintBox, searchNote, overBox, status, form, narration, yours, toggle(w.rule_ids, (on) => root.classList.toggle("sgt--ruleids", on)), after);
  el.append(root);

  // Focus stays in the reader's hand: every draw replaces the board's buttons, so the card (or the hand) that had
  // focus gets it back. Start removes its own button: a table drawn while nothing has focus takes it into the hand.
  const nowhere = () => !document.activeElement || document.activeElement === document.body;
  local.inHand = nowhere();
  // the hand and the buttons of the turn (pick up, chansa, ...) both count as the hand: a move from either
  const handOf = (node) => node && node.closest && node.closest(".sgt-fan--mine, .sgt-actions");
  root.addEventListener("focusin", (e) => {
    local.inHand = Boolean(handOf(e.target));
    if (!local.inHand) return;
    const code = e.target.getAttribute("data-card");
    const action = e.target.closest(".sgt-actions") ? e.target.getAttribute("data-action") : null;
    if (code || action) [local.focusCard, local.focusAction] = [code, action];
  });
  document.addEventListener("focusin", (e) => {
    if (!root.contains(e.target)) local.inHand = false;
  });
  function keepFocus(view) {
    if (!local.inHand || !root.isConnected) return;
    if (view.over && !overBox.hidden) return againButton.focus({ preventScroll: true });
    const mine = boardBox.querySelector(".sgt-fan--mine");
    if (!mine) return;
    const enabled = [...mine.querySelectorAll("button[data-card]:not([disabled])")];
    const action = local.focusAction && actions.querySelector(`button[data-action="${local.focusAction}"]:not([disabled])`);
    const target =
      enabled.find((b) => b.getAttribute("data-card") === local.focusCard) ||
      action ||
      enabled.find((b) => b.getAttribute("data-legal") === "true") ||
      enabled[0] ||
      mine;
    if (document.activeElement !== target) target.focus({ preventScroll: true });
  }

  let seq = 0;
  function send(message) {
    seq += 1;
    model.send({ ...message, seq });
  }
  function act(move) {
    if (local.pending || model.get("busy")) return; // one click, one move
    local.pending = true;
    local.acted = true;
    local.selected.clear();
    draw();
    send({ op: "play", move });
  }
  function askHint() {
    if (local.pending || model.get("busy")) return;
    local.hinting = true;
    hintLine.textContent = w.hint_thinking;
    draw();
    send({ op: "hint" });
  }
  function reviewStep(step) {
    local.reviewSeq = seq + 1; // the answer's "done" asks for the next move (chainReview)
    send({ op: "review", step });
  }
  function chainReview(msg) {
    const r = model.get("review");
    if (msg.seq !== local.reviewSeq || !r || r.state !== "running") return;
    reviewStep("next");
  }
  function submitTyped() {
    const text = typed.value.trim();
    if (!text) return;
    typed.value = "";
    act(text);
  }
  optionsBox.addEventListener("change", (e) => {
    const key = e.target.getAttribute && e.target.getAttribute("data-option");
    if (!key) return;
    let value = e.target.type === "number" ? Number(e.target.value) : e.target.value;
    if (key === "rules" && value === "house") value = house;
    send({ op: "option", key, value });
  });
  function deal() {
    if (local.pending) return;
    local.pending = true;
    local.mine = null;
    draw();
    send({ op: "new" }); // the controller deals the next deal number, or the one the reader chose
  }
  actions.addEventListener("click", (e) => {
    const b = e.target.closest("button[data-action]");
    if (b) [local.inHand, local.focusCard, local.focusAction] = [true, null, b.getAttribute("data-action")];
  });
  newButton.addEventListener("click", deal);
  hintButton.addEventListener("click", askHint);
  reviewButton.addEventListener("click", () => {
    const r = model.get("review");
    if (r && r.state === "running") return;
    reviewButton.disabled = true;
    reviewStep("start");
  });
  againButton.addEventListener("click", () => {
    local.inHand = true; // the new hand takes the focus from the button that goes away
    deal();
  });
  watchButton.addEventListener("click", () => {
    const replay = after.querySelector(".sgt--replay");
    if (!replay) return;
    replay.scrollIntoView({ block: "start" });
    const step = replay.querySelector('button[data-step="forward"]');
    if (step) step.focus({ preventScroll: true });
  });

  function draw() {
    const view = model.get("view");
    const busy = Boolean(model.get("busy")) || local.pending;
    root.classList.toggle("sgt--busy", busy);
    root.setAttribute("aria-busy", String(busy));
    note.textContent = model.get("needs_new_deal") ? w.needs_new : "";
    const seed = seedBox.querySelector("input");
    const chosen = (model.get("options") || {}).seed;
    if (chosen !== undefined && document.activeElement !== seed) seed.value = String(chosen);
    if (!view) {
      narration.textContent = model.get("message") || "";
      return;
    }
    root.dataset.moves = String(view.moves);
    root.dataset.yourMoves = String(view.your_moves);
    root.dataset.over = String(view.over);
    if (searchNote.textContent !== (view.search_note || "")) searchNote.textContent = view.search_note || "";
    searchNote.hidden = !view.search_note;
    root.dataset.turn = busy ? "busy" : view.over ? "over" : view.your_turn ? "yours" : "waiting";
    const acts = view.actions || [];
    const singles = new Set(acts.filter((a) => a.kind === "play" && a.cards.length === 1).map((a) => a.cards[0]));
    const multi = acts.some((a) => a.kind === "play" && a.cards.length > 1);
    const playable = new Set(acts.filter((a) => a.kind === "play").flatMap((a) => a.cards));
    boardBox.replaceChildren(drawBoard(view, { words: w, card, live: true, bottom: view.you, playable: multi ? playable : singles, selected: local.selected, multi, busy, over: view.over, illegalId: local.illegalId }));
    const buttons = [];
    for (const a of acts) {
      if (a.kind === "play") continue;
      buttons.push(h("button", { type: "button", class: "sgt-button sgt-button--text", "data-action": a.kind, "data-move": a.move, disabled: busy, onclick: () => act(a.move), text: a.kind === "throw" ? `${w.throw}: ${a.text.replace(/^\S+\s\S+\s/, "")}` : actionWords[a.kind] || a.text }));
    }
    if (multi) {
      const chosen = [...local.selected];
      const ok = acts.some((a) => a.kind === "play" && a.cards.length === chosen.length && a.cards.every((c) => local.selected.has(c)));
      buttons.unshift(h("button", { type: "button", class: "sgt-button sgt-button--text", "data-action": "play-selected", disabled: busy || !ok, onclick: () => act(chosen.join(" ")), text: w["play-selected"] }));
    }
    actions.replaceChildren(...buttons);
    markHint(view, busy);
    typed.disabled = tryButton.disabled = busy || !view.your_turn;
    status.textContent = busy ? w.thinking : view.over ? view.status : view.your_turn ? `${w.your_turn} ${w.dimmed}` : view.status;
    narration.replaceChildren(...drawNarration(view, w, model.get("message") || ""));
    const last = view.last;
    if (last && last.player === view.you) local.mine = last;
    if (local.mine && local.mine !== last) yours.replaceChildren(...drawNarration({ last: local.mine }, w, w.your_move));
    else yours.replaceChildren();
    // the refused move (the reader's, just now) is explained under the hand, and brought into view there
    const refused = last && !last.legal && last.player === view.you ? last : null;
    if (refused !== local.explained) {
      local.explained = refused;
      explain.replaceChildren(...(refused ? drawNarration({ last: refused }, w, "") : []));
      if (refused && local.acted) explain.scrollIntoView({ block: "nearest", behavior: "instant" });
    }
    overBox.hidden = !view.over;
    overText.textContent = view.over ? model.get("message") || view.status : "";
    const replay = model.get("final_replay");
    if (replay && !after.childElementCount) {
      const box = h("div");
      after.append(h("p", { class: "sgt-title" }, h("strong", { text: w.final_title })), keepGame());
      local.replay = { data: replay, model: staticModel(replay), box };
      after.append(reviewBox);
      after.append(box);
      renderReplay(local.replay.model, box);
    } else if (!replay && after.childElementCount) {
      after.replaceChildren();
      local.replay = null;
    }
    watchButton.hidden = !replay;
    drawReview();
    keepFocus(view);
  }
  // the hint: the hinted card (or action) marked data-hint="true", its line narrated; only on the reader's turn
  function markHint(view, busy) {
    const hint = model.get("hint");
    const yours = Boolean(view.your_turn) && !view.over;
    hintBox.hidden = view.over;
    hintButton.disabled = busy || !yours || Boolean(local.hinting);
    if (local.hinting) return;
    hintLine.textContent = hint ? hint.text : "";
    if (!hint || !hint.move || !yours) return;
    const marks = hint.kind === "play" ? hint.cards.map((code) => boardBox.querySelector(`.sgt-fan--mine button[data-card="${code}"]`)) : [actions.querySelector(`button[data-move="${CSS.escape(hint.move)}"]`) || actions.querySelector(`button[data-action="${hint.kind}"]`)];
    for (const b of marks) {
      if (!b) continue;
      b.setAttribute("data-hint", "true");
      b.setAttribute("aria-describedby", hintLine.id); // the hinted card's description: the hint's line
    }
  }
  // the review: a progress bar while it runs, then each reviewed move with its figures, shown in the Replay below
  function drawReview() {
    const r = model.get("review");
    const over = Boolean((model.get("view") || {}).over);
    reviewButton.hidden = !over;
    reviewButton.disabled = Boolean(r && r.state === "running");
    if (!r) return reviewBox.replaceChildren();
    const parts = [h("p", { class: "sgt-title" }, h("strong", { text: w.review_title }))];
    if (r.state === "refused") parts.push(h("p", { role: "alert", text: r.text }));
    else {
      const total = Math.max(r.total, 1);
      const label = fill(w.review_progress, { done: r.done, total: r.total });
      parts.push(
        h(
          "div",
          { class: "sgt-progress", role: "progressbar", "aria-label": w.review_progress_label, "aria-valuemin": "0", "aria-valuemax": String(r.total), "aria-valuenow": String(r.done), "aria-valuetext": label },
          h("span", { class: "sgt-progress__bar", style: `width: ${Math.round((100 * r.done) / total)}%` })
        ),
        h("p", { class: "sgt-review__status", role: "status", text: r.state === "done" ? r.summary : label })
      );
      if (r.state === "done") parts.push(h("p", { class: "sgt-review__method" }, h("small", { text: r.method })));
      parts.push(h("ol", { class: "sgt-review__list" }, r.items.map(reviewItem)));
    }
    reviewBox.replaceChildren(...parts);
    reviewBox.dataset.state = r.state;
  }
  function reviewItem(item) {
    const canTake = local.replay && local.replay.data.take_over && typeof document !== "undefined" && document.getElementById("skitgubbe-live-config");
    return h(
      "li",
      { class: `sgt-review__item sgt-review__item--${item.severity}`, "data-role": "review-item", "data-move": String(item.move), "data-severity": item.severity },
      h("p", {}, h("strong", { text: item.heading }), " ", h("span", { class: `sgt-badge sgt-badge--${item.severity}`, text: item.severity_text })),
      h("p", { class: "sgt-review__text", text: item.text }),
      h(
        "p",
        { class: "sgt-review__buttons" },
        h("button", { type: "button", class: "sgt-button sgt-button--text", "data-action": "review-show", onclick: () => showMove(item.move), text: w.review_show }),
        canTake ? h("button", { type: "button", class: "sgt-button sgt-button--text", "data-action": "review-take-over", onclick: () => takeOverAt(item.move), text: w.review_play_here }) : null
      )
    );
  }
  function showMove(i) {
    if (!local.replay) return;
    local.replay.model.set("index", i);
    const replay = local.replay.box.querySelector(".sgt--replay");
    if (!replay) return;
    replay.scrollIntoView({ block: "start" });
    const step = replay.querySelector('button[data-step="forward"]');
    if (step) step.focus({ preventScroll: true });
  }
  function takeOverAt(i) {
    const replay = local.replay && local.replay.box.querySelector(".sgt--replay");
    if (!replay) return;
    local.replay.model.set("index", i);
    const data = local.replay.data;
    const frame = data.frames[i];
    const label = frame.label || (i === 0 ? data.words.start : fill(data.words.counter, { i, n: data.frames.length - 1 }));
    const detail = { take: data.take_over, upto: Math.min(i, data.take_over.limit), frame, label, words: data.words, lang: data.lang };
    replay.dispatchEvent(new CustomEvent("skitgubbe-take-over", { bubbles: true, detail }));
  }
  // the finished game to keep: its record (python -m skitgubbe replay), or after a take-over of a case its case file
  function keepGame() {
    const record = model.get("record");
    const caseFile = model.get("case_file");
    if (record) {
      const name = `skitgubbe-${record.seed ?? "game"}.json`;
      return h("p", { class: "sgt-keep" }, h("button", { type: "button", class: "sgt-button sgt-button--text", "data-action": "download-record", onclick: () => saveJSON(record, name), text: w.download_record }), " ", h("small", { text: w.record_help }));
    }
    if (caseFile) {
      return h("p", { class: "sgt-keep" }, h("button", { type: "button", class: "sgt-button sgt-button--text", "data-action": "download-case", onclick: () => saveJSON(caseFile, "skitgubbe-case.json"), text: w.download_case }), " ", h("small", { text: w.case_help }));
    }
    return h("p", { class: "sgt-keep", text: w.no_record });
  }
  boardBox.addEventListener("click", (e) => {
    const b = e.target.closest("button[data-card]");
    if (!b || b.disabled) return;
    const code = b.getAttribute("data-card");
    [local.inHand, local.focusCard, local.focusAction] = [true, code, null];
    if (b.getAttribute("data-action") === "select") {
      if (local.selected.has(code)) local.selected.delete(code);
      else local.selected.add(code);
      draw();
    } else act(code);
  });
  // the computer's moves one per step: while the controller says `busy`, ask for the next after its pause
  // (`pause_ms`); each answer is drawn and narrated before the next. A driver that paces them itself (the
  // browser-live engine's model) gives no `pause_ms`.
  function nextComputerMove() {
    const pause = Number(model.get("pause_ms") || 0);
    if (!pause || !model.get("busy") || local.waiting) return;
    local.waiting = local.pending = true;
    setTimeout(() => {
      local.waiting = false;
      send({ op: "computer" });
    }, pause);
  }
  model.on("msg:custom", (msg) => {
    if (msg && msg.type === "done") {
      local.pending = false;
      local.hinting = false;
      draw();
      chainReview(msg);
      local.acted = false;
      nextComputerMove();
    }
  });
  for (const key of ["view", "busy", "message", "needs_new_deal", "final_replay", "options", "hint", "review"]) model.on(`change:${key}`, draw);
  draw();
  nextComputerMove();
}

// -- the checker: a library case, a JSON text or a position built by tapping, judged under every preset ------------
// The Python side (views/controllers.py CheckerController) owns the case: every tap is a message ({op: "place"},
// "take", "set", "move", "undo", "new", "edit", "check", "load") answered with `case_text`, `result` and `editor`
// (the case as an object, the address fragment, each card's place, the hands for entering moves, any problem).
const SUITS = ["C", "D", "H", "S"];
const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
// a case read from a link may hold anything: look up own properties only (a player named "constructor" finds no
// inherited function) and treat whatever is not a list as an empty one
const own = (object, key) => (object !== null && typeof object === "object" && Object.hasOwn(object, key) ? object[key] : undefined);
const list = (value) => (Array.isArray(value) ? value : []);

/** Offer `data` (an object, or JSON text as it is) as a file named `name` (a Blob: nothing leaves the page). */
function saveJSON(data, name) {
  const text = typeof data === "string" ? data : JSON.stringify(data, null, 1) + "\n";
  const blob = new Blob([text], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = h("a", { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// -- the checker -------------------------------------------------------------------------------------------
function renderChecker(model, el) {
  const w = model.get("words");
  // the words of the places of a card and of the suits, each key written out (never built from pieces)
  const destWords = { hand: w.ed_dest_hand, won: w.ed_dest_won, talon: w.ed_dest_talon, trump_card: w.ed_dest_trump_card, table: w.ed_dest_table };
  const suitWords = { C: w.ed_suit_C, D: w.ed_suit_D, H: w.ed_suit_H, S: w.ed_suit_S };
  const lang = model.get("lang");
  const pictures = model.get("deck") || {};
  const card = makeDeck(pictures);
  const inPage = Boolean(el.closest && el.closest("[data-skitgubbe-live]"));
  const local = { dest: null, mover: null, selected: new Set(), edited: false, failed: null, everyOpen: false };
  const root = h("div", { class: "sgt sgt--checker", lang });
  const send = (message) => {
    local.edited = true;
    model.send(message);
  };
  const cardName = (code) => {
    const svg = pictures[code] ? card(code) : null;
    return (svg && svg.getAttribute("aria-label")) || code;
  };
  // a card as a button: its name in words is the button's text (hidden), the picture is decoration
  const cardButton = (code, { label, ...attrs }) => {
    const pic = card(code);
    pic.removeAttribute("data-card");
    pic.setAttribute("aria-hidden", "true");
    const b = h("button", { type: "button", class: "sgt-cardbutton", "data-card": code, ...attrs });
    b.append(pic, h("span", { class: "sgt-sr", text: label || cardName(code) }));
    return b;
  };
  const select = (field, label, options, value) => {
    const node = h("select", { "data-field": field, "data-key": `field:${field}` }, options.map(([v, text]) => h("option", { value: String(v), text })));
    node.value = String(value);
    return h("label", { class: "sgt-option" }, `${label} `, node);
  };

  // the library's cases (unchanged) and a new empty position
  // the first choice stands for a position of the reader's own (built here, typed or opened from a link)
  const chooser = h(
    "select",
    { "aria-label": w.case, "data-key": "case" },
    h("option", { value: "", text: w.ed_own, disabled: true }),
    model.get("cases").map((c) => h("option", { value: c.id, text: c.title }))
  );
  chooser.value = model.get("case_id") || "";
  chooser.addEventListener("change", () => send({ op: "load", id: chooser.value }));
  const newButton = h("button", {
    type: "button",
    class: "sgt-button sgt-button--text",
    "data-action": "new-case",
    "data-key": "new",
    text: w.ed_new,
    onclick: () => {
      // a new position starts from the defaults here too: no place, mover, chosen cards or typed move kept
      Object.assign(local, { dest: null, mover: null, typed: "" });
      local.selected.clear();
      send({ op: "new" });
    },
  });
  const editorBox = h("div", { class: "sgt-editor", role: "group", "aria-label": w.ed_title });
  const problem = h("p", { class: "sgt-problem", role: "status", "aria-live": "polite", "data-role": "problem" });
  const text = h("textarea", { rows: "12", class: "sgt-casetext", "aria-label": w.case_text, spellcheck: "false", "data-key": "text" });
  text.value = model.get("case_text");
  const check = h("button", { type: "button", class: "sgt-button sgt-button--text", "data-action": "check", text: w.check, onclick: () => send({ op: "check", text: text.value }) });
  const download = h("button", { type: "button", class: "sgt-button sgt-button--text", "data-action": "download", text: w.ed_download, onclick: () => save() });
  const result = h("div", { class: "sgt-verdicts", "aria-live": "polite", "data-role": "narration" });
  const link = h("p", { class: "sgt-help", "data-role": "link-note" });
  // "Copy link": the checker page's address with the case on screen (the address bar may still show the link
  // that was opened); on a page without the engine's own address (Jupyter) there is no link to copy
  const copyStatus = h("span", { class: "sgt-help", "data-role": "copy-status", "aria-live": "polite" });
  const copy = inPage
    ? h("button", { type: "button", class: "sgt-button sgt-button--text", "data-action": "copy-link", "data-key": "copy-link", text: w.ed_copy_link, onclick: () => copyLink() })
    : null;
  root.append(
    h("div", { class: "sgt-options" }, h("label", { class: "sgt-option" }, `${w.case} `, chooser), newButton),
    h("h3", { class: "sgt-editor__title", text: w.ed_title }),
    editorBox,
    problem,
    result,
    h("div", { class: "sgt-options" }, download, copy, copyStatus),
    link,
    toggle(w.rule_ids, (on) => root.classList.toggle("sgt--ruleids", on)),
    h("div", { class: "sgt-expert" }, h("label", { class: "sgt-block" }, w.case_text, text), check)
  );
  el.append(root);

  function save() {
    const editor = model.get("editor") || {};
    saveJSON(editor.case || model.get("case_text"), editor.file_name || "case.json");
  }

  function shareLink() {
    const editor = model.get("editor") || {};
    return `${location.href.split("#")[0]}#${editor.fragment || ""}`;
  }

  async function copyLink() {
    const url = shareLink();
    let done = false;
    try {
      await navigator.clipboard.writeText(url);
      done = true;
    } catch {
      // no clipboard API (a page not served over https or loopback): copy through a selected text field
      const field = h("textarea", { class: "sgt-sr", readonly: true, "aria-hidden": "true" });
      field.value = url;
      root.append(field);
      field.select();
      try {
        done = document.execCommand("copy");
      } catch {
        done = false;
      }
      field.remove();
      copy.focus({ preventScroll: true });
    }
    root.dataset.copied = done ? url : "";
    copyStatus.textContent = done ? w.ed_copied : w.ed_copy_failed;
  }

  function placeName(where) {
    const [kind, name] = where.split(":");
    return named(w, own(destWords, kind) || where, name || "");
  }

  function drawEditor(editor) {
    const c = editor.case !== null && typeof editor.case === "object" ? editor.case : {};
    const players = list(c.players).filter((p) => typeof p === "string");
    const phase = c.phase === 1 ? 1 : 2;
    const presets = model.get("presets") || [];
    const rulesOptions = presets.map((p) => [p, p]);
    if (editor.house) rulesOptions.push(["house", w.ed_house]);
    if (editor.rules_choice === "custom") rulesOptions.push(["custom", w.ed_custom]);
    const dests = [];
    for (const p of players) dests.push(`hand:${p}`);
    if (phase === 1) {
      dests.push("talon");
      for (const p of players) dests.push(`won:${p}`);
      for (const p of players) dests.push(`trump_card:${p}`);
    } else for (const p of players) dests.push(`table:${p}`);
    if (!dests.includes(local.dest)) local.dest = dests[0] || null;
    const fields = h(
      "div",
      { class: "sgt-options sgt-editor__fields" },
      select("rules", w.ed_rules, rulesOptions, editor.rules_choice),
      select("players", w.ed_players, [2, 3, 4, 5, 6].map((n) => [n, String(n)]), players.length || 3),
      select("phase", w.ed_phase, [[1, w.ed_phase1], [2, w.ed_phase2]], phase),
      phase === 2 ? select("trump", w.ed_trump, SUITS.map((s) => [s, suitWords[s]]), SUITS.includes(c.trump) ? c.trump : "H") : null,
      select("to_play", w.ed_to_play, players.map((p) => [p, p]), c.to_play || players[0] || "")
    );
    // where the cards are: each place with its cards (tap one to take it back)
    const places = editor.places !== null && typeof editor.places === "object" ? editor.places : {};
    const groups = new Map(dests.map((d) => [d, []]));
    for (const [code, where] of Object.entries(places)) {
      if (typeof where !== "string") continue;
      if (!groups.has(where)) groups.set(where, []);
      groups.get(where).push(code);
    }
    const order = (where) => {
      const [kind, name] = where.split(":");
      if (kind === "talon") return list(c.talon);
      if (kind === "hand") return list(own(c.hands, name));
      if (kind === "won") return list(own(c.won, name));
      if (kind === "table") return list(c.table).filter((e) => Array.isArray(e) && e[0] === name).flatMap((e) => list(e[1]));
      const tc = c.trump_card;
      return own(tc, "player") === name ? [own(tc, "card")] : [];
    };
    const placed = h(
      "ul",
      { class: "sgt-places", "data-role": "position", "aria-label": w.ed_placed },
      [...groups.keys()]
        .filter((where) => groups.get(where).length || where.startsWith("hand:") || where === local.dest)
        .map((where) => {
          const codes = order(where).filter((code) => typeof code === "string");
          return h(
            "li",
            { class: `sgt-place${where === local.dest ? " sgt-place--dest" : ""}`, "data-place": where },
            h("span", { class: "sgt-place__name", text: `${placeName(where)}:` }),
            codes.length
              ? h("span", { class: "sgt-place__cards" }, codes.map((code) => cardButton(code, { "data-action": "take", "data-key": `take:${code}`, label: fill(w.ed_back, { card: cardName(code), place: placeName(where) }), onclick: () => send({ op: "take", card: code }) })))
              : h("span", { class: "sgt-place__none", text: w.ed_none })
          );
        })
    );
    const destSelect = h("select", { "data-field": "dest", "data-key": "field:dest" }, dests.map((d) => h("option", { value: d, text: placeName(d) })));
    destSelect.value = local.dest || "";
    destSelect.addEventListener("change", () => {
      local.dest = destSelect.value;
      draw();
    });
    // the deck: 52 buttons, by suit
    const deck = h(
      "div",
      { class: "sgt-deckgrid", "data-role": "deck", role: "group", "aria-label": w.ed_deck },
      SUITS.map((suit) =>
        h(
          "div",
          { class: "sgt-deckrow" },
          RANKS.map((rank) => {
            const code = rank + suit;
            const where = own(places, code);
            const label = where ? fill(w.ed_back, { card: cardName(code), place: placeName(where) }) : fill(w.ed_place, { card: cardName(code), dest: placeName(local.dest || "") });
            const b = cardButton(code, { "data-action": "place", "data-key": `deck:${code}`, "data-placed": where || null, label, "aria-pressed": String(Boolean(where)) });
            b.classList.add("sgt-deckcard");
            b.addEventListener("click", () => send(where ? { op: "take", card: code } : { op: "place", card: code, to: local.dest }));
            return b;
          })
        )
      )
    );
    // the moves: the list, then the next move by tapping (player, cards, or a button) or typing
    const moves = list(c.moves);
    const entry = editor.entry !== null && typeof editor.entry === "object" ? editor.entry : {};
    if (!players.includes(local.mover)) local.mover = null;
    const mover = local.mover || (players.includes(entry.to_play) ? entry.to_play : players[0]);
    const moverSelect = h("select", { "data-field": "mover", "data-key": "field:mover" }, players.map((p) => h("option", { value: p, text: p })));
    moverSelect.value = mover || "";
    moverSelect.addEventListener("change", () => {
      local.mover = moverSelect.value;
      local.selected.clear();
      draw();
    });
    const hand = list(own(entry.hands, mover)).filter((code) => typeof code === "string");
    for (const code of [...local.selected]) if (!hand.includes(code)) local.selected.delete(code);
    const handButtons = hand.map((code) => {
      const chosen = local.selected.has(code);
      const b = cardButton(code, { "data-action": "select", "data-key": `select:${code}`, "aria-pressed": String(chosen), label: cardName(code) });
      if (chosen) b.classList.add("sgt-cardbutton--selected");
      b.addEventListener("click", () => {
        if (local.selected.has(code)) local.selected.delete(code);
        else local.selected.add(code);
        draw();
      });
      return b;
    });
    const chosen = () => hand.filter((code) => local.selected.has(code));
    const moveButton = (action, label, kind, needsCards) =>
      h("button", {
        type: "button",
        class: "sgt-button sgt-button--text",
        "data-action": action,
        "data-key": `move:${action}`,
        disabled: (needsCards && !local.selected.size) || !mover,
        text: label,
        onclick: () => {
          const cards = needsCards ? chosen() : [];
          local.selected.clear();
          send({ op: "move", player: mover, kind, cards });
        },
      });
    const typed = h("input", { type: "text", class: "sgt-typed", "data-key": "typed", placeholder: w.ed_type_hint, autocomplete: "off", autocapitalize: "none", spellcheck: "false" });
    typed.value = local.typed || "";
    typed.addEventListener("input", () => (local.typed = typed.value));
    const form = h(
      "form",
      {
        class: "sgt-typedform",
        onsubmit: (e) => {
          e.preventDefault();
          if (!typed.value.trim()) return;
          local.pendingTyped = { text: typed.value, count: moves.length };
          send({ op: "move", text: typed.value });
        },
      },
      h("label", {}, `${w.ed_type} `, typed),
      h("button", { type: "submit", class: "sgt-button sgt-button--text", "data-action": "typed", "data-key": "typed-add", text: w.ed_add_typed })
    );
    const moveList = moves.length
      ? h("ol", { class: "sgt-editmoves", "data-role": "moves" }, moves.map((m) => h("li", { text: String(m) })))
      : h("p", { class: "sgt-help", "data-role": "moves", text: w.ed_no_moves_yet });
    const entryBox = h(
      "div",
      { class: "sgt-entry", "data-role": "move-entry", role: "group", "aria-label": w.ed_moves },
      h("div", { class: "sgt-options" }, h("label", { class: "sgt-option" }, `${w.ed_mover} `, moverSelect)),
      h("div", { class: "sgt-hand", role: "group", "aria-label": named(w, w.ed_choose, mover || "") }, handButtons.length ? handButtons : h("span", { class: "sgt-place__none", text: w.ed_none })),
      entry.exact === false && moves.length ? h("p", { class: "sgt-help", text: w.ed_inexact }) : null,
      h(
        "div",
        { class: "sgt-actions" },
        moveButton("play-selected", w.ed_add_play, "play", true),
        moveButton("pick-up", w["pick-up"], "pick-up", false),
        moveButton("chansa", w.chansa, "chansa", false),
        moveButton("throw", w.throw, "throw", true),
        moveButton("pass", w.pass, "pass", false),
        h("button", { type: "button", class: "sgt-button sgt-button--text", "data-action": "undo", "data-key": "undo", disabled: !moves.length, text: w.ed_undo, onclick: () => send({ op: "undo" }) })
      ),
      form
    );
    editorBox.replaceChildren(
      fields,
      placed,
      h("div", { class: "sgt-options" }, h("label", { class: "sgt-option sgt-option--wide" }, `${w.ed_dest} `, destSelect)),
      h("p", { class: "sgt-help", text: w.ed_deck }),
      deck,
      h("h4", { class: "sgt-editor__title", text: w.ed_moves }),
      moveList,
      entryBox
    );
  }

  editorBox.addEventListener("change", (e) => {
    const field = e.target.getAttribute && e.target.getAttribute("data-field");
    if (!field || field === "dest" || field === "mover") return;
    const value = ["players", "phase"].includes(field) ? Number(e.target.value) : e.target.value;
    if (field === "rules" && value === "custom") return;
    send({ op: "set", field, value });
  });

  function verdictItem(v) {
    const judged = list(v.moves);
    const last = judged.length ? judged[judged.length - 1] : null;
    const labels = list((model.get("result") || {}).labels);
    const moveLabel = last ? labels[v.first_illegal] || `${last.player}: ${last.move}` : "";
    const status = v.legal ? `✓ ${w.all_legal}` : v.error ? `✗ ${w.no_setup}` : `✗ ${fill(w.ed_refused_move, { i: v.first_illegal + 1, move: moveLabel })}`;
    return [
      h("span", { class: v.legal ? "sgt-legal" : "sgt-illegal", text: status }),
      v.error ? [" — ", v.error] : null,
      !v.legal && last ? [" — ", last.explanation, " ", h("span", { class: "sgt-rule" }, `(${w.rule}: ${last.rule_text || ""}`, h("code", { class: "sgt-ruleid", text: last.rule }), ")")] : null,
    ].flat();
  }

  function drawResult(r, shown) {
    // a failed answer (a link or text that cannot be read, a worker failure) leaves no verdict on screen; its
    // problem is in the problem line, so it is not said twice
    if (!r || local.failed) return result.replaceChildren();
    if (!r.ok) return result.replaceChildren(...(shown.includes(r.error) ? [] : [h("p", { class: "sgt-illegal", text: `✗ ${r.error}` })]));
    const verdicts = list(r.verdicts);
    const items = verdicts.map((v) => h("li", { "data-role": "verdict", "data-preset": v.preset, "data-legal": String(v.legal) }, h("strong", { text: v.preset }), ": ", verdictItem(v)));
    if (r.house) {
      const house = r.house;
      items.push(
        h(
          "li",
          { class: "sgt-verdict--house", "data-role": "house-verdict", "data-base": String(house.base), "data-legal": String(house.legal) },
          h("strong", { text: fill(w.ed_house_base, { base: house.base }) }),
          ": ",
          verdictItem(house)
        )
      );
    }
    // every move under every rule set: drawn only when opened (a long case would otherwise be thousands of rows)
    const detail = h("details", { class: "sgt-everymove", "data-role": "every-move" }, h("summary", { text: w.ed_every_move }));
    const fillDetail = () => {
      if (detail.dataset.drawn) return;
      detail.dataset.drawn = "true";
      detail.append(everyMove(r, verdicts));
    };
    detail.addEventListener("toggle", () => {
      local.everyOpen = detail.open;
      if (detail.open) fillDetail();
    });
    if (local.everyOpen) {
      detail.open = true;
      fillDetail();
    }
    result.replaceChildren(h("p", {}, h("strong", { text: w.verdicts })), h("ul", { class: "sgt-verdictlist" }, items), detail);
  }

  function everyMove(r, verdicts) {
    const moves = list(r.moves);
    const labels = list(r.labels);
    return h(
      "ul",
      {},
      [...verdicts, ...(r.house ? [{ ...r.house, preset: w.ed_house_row }] : [])].map((v) =>
        h(
          "li",
          {},
          h("strong", { text: v.preset }),
          h(
            "ol",
            {},
            moves.map((raw, i) => {
              const m = labels[i] || raw;
              const j = list(v.moves)[i];
              if (!j) return h("li", { class: "sgt-muted", text: `${m} — ${w.ed_not_reached}` });
              return h("li", {}, h("span", { class: j.legal ? "sgt-legal" : "sgt-illegal", text: j.legal ? "✓" : "✗" }), ` ${m} — ${j.explanation} `, h("code", { class: "sgt-ruleid", text: j.rule }));
            })
          )
        )
      )
    );
  }

  function draw() {
    const active = document.activeElement;
    const key = active && root.contains(active) ? active.getAttribute("data-key") : null;
    const editor = model.get("editor") || {};
    const caseText = typeof model.get("case_text") === "string" ? model.get("case_text") : "";
    if (text.value !== caseText && document.activeElement !== text) text.value = caseText;
    if (chooser.value !== (model.get("case_id") || "")) chooser.value = model.get("case_id") || "";
    drawEditor(editor);
    const said = [editor.problem, ...list(editor.twice)].filter((x) => typeof x === "string" && x);
    if (local.failed) said.unshift(fill(w.ed_failed, { error: local.failed }));
    const answer = model.get("result");
    // a case that cannot be judged (a field of the wrong kind, a card twice ...) is an input problem too
    if (!local.failed && answer && !answer.ok && typeof answer.error === "string" && !said.some((x) => x.includes(answer.error))) said.push(answer.error);
    problem.textContent = said.length ? `${w.ed_problem}: ${said.join(" ")}` : "";
    drawResult(model.get("result"), problem.textContent);
    const failed = Boolean(local.failed || !answer || !answer.ok);
    root.dataset.state = failed ? "failed" : "judged";
    if (local.pendingTyped) {
      const moves = list((editor.case || {}).moves);
      if (moves.length > local.pendingTyped.count) local.typed = "";
      local.pendingTyped = null;
      const input = root.querySelector('[data-key="typed"]');
      if (input) input.value = local.typed || "";
    }
    // the address follows the case on screen (a shareable link); after a failure it keeps what the reader opened
    if (inPage && editor.fragment && (local.edited || location.hash) && !failed) {
      const wanted = `#${editor.fragment}`;
      if (location.hash !== wanted) history.replaceState(history.state, "", wanted);
      link.textContent = w.ed_link;
    }
    root.dataset.fragment = editor.fragment || "";
    if (key) {
      const again = root.querySelector(`[data-key="${CSS.escape(key)}"]`);
      if (again && again !== document.activeElement) again.focus({ preventScroll: true });
    }
  }
  // any answer of the controller replaces a failure; a failure (the model's `message`: the worker's call failed)
  // is shown, with no verdict, until then
  const answered = () => {
    local.failed = null;
    draw();
  };
  for (const key of ["result", "case_text", "editor"]) model.on(`change:${key}`, answered);
  model.on("change:message", () => {
    const message = model.get("message");
    if (!message) return;
    local.failed = String(message);
    draw();
  });
  draw();
}

// -- a model for the static site (no kernel): the frames are all there is -----------------------------------
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

/** Draw every `.sgt-mount` of the page from its embedded JSON (the static site), lazily: a table on or near the
 * screen when the page has been laid out (IntersectionObserver), one that comes near it as the reader scrolls, and
 * the rest one at a time when the browser is idle after the page's load, so a page of many Replays paints its text
 * first and stays responsive. */
export function mountAll(root = document) {
  const draw = (mount) => {
    const script = mount.querySelector("script.sgt-data");
    if (!script || mount.hasAttribute("data-mounted")) return;
    mount.setAttribute("data-mounted", "");
    render({ model: staticModel(JSON.parse(script.textContent)), el: mount });
  };
  const mounts = [...root.querySelectorAll(".sgt-mount:not([data-mounted])")];
  if (!mounts.length) return;
  if (typeof IntersectionObserver === "undefined") return mounts.forEach(draw);
  const near = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        near.unobserve(entry.target);
        draw(entry.target);
      }
    },
    { rootMargin: "50% 0px" },
  );
  for (const mount of mounts) near.observe(mount);
  const idle = (f) => (window.requestIdleCallback ? requestIdleCallback(f, { timeout: 1500 }) : setTimeout(f, 50));
  const next = () => {
    const mount = mounts.find((m) => !m.hasAttribute("data-mounted"));
    if (!mount) return near.disconnect();
    near.unobserve(mount);
    try {
      draw(mount);
    } finally {
      idle(next);
    }
  };
  if (document.readyState === "complete") idle(next);
  else window.addEventListener("load", () => idle(next), { once: true });
}

function render({ model, el }) {
  const mode = model.get("mode");
  if (mode === "live") return renderLive(model, el);
  if (mode === "checker") return renderChecker(model, el);
  return renderReplay(model, el);
}

export default { render };
