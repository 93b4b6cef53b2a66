// The live game: the reader's hand as buttons, the computer's moves one per step, the hint, the end of a game and
// the review. The model is the Python controller's (Jupyter) or the browser-live engine's (live-model.mjs).
import { h, patchChildren, saveJSON, setText, toggle } from "./dom.js";
import { fill } from "./template.js";
import { cardNames, makeDeck } from "./cards.js";
import { drawBoard, drawNarration } from "./board.js";
import { renderReplay } from "./replay.js";
import { staticModel } from "./static-model.js";

let liveTables = 0; // each live table's ids are its own (a page may hold several: play from here)
/** How many moves the narration keeps (the current trick of six players and the one before it, in part). */
const HISTORY = 8;
/** The live tables on screen: while one is, the theme's floating "back to top" button is not shown (table.css), so
 * it never lies over a card or a button of the table. */
const onScreen = new Set();
const watcher =
  typeof IntersectionObserver === "undefined"
    ? null
    : new IntersectionObserver((entries) => {
        for (const e of entries) {
          if (e.isIntersecting && e.target.isConnected) onScreen.add(e.target);
          else onScreen.delete(e.target);
        }
        document.documentElement.classList.toggle("sgt-table-in-view", onScreen.size > 0);
      });
export function renderLive(model, el) {
  const w = model.get("words");
  // the opponents' kinds in words (the registry's, as the controller sends them: `kind_words`, by id, `name` and
  // `about`) and the reader's actions, each key written out (never built from pieces)
  const kindWords = model.get("kind_words") || {};
  const actionWords = { "pick-up": w["pick-up"], chansa: w.chansa, throw: w.throw, pass: w.pass };
  const card = makeDeck(model.get("deck"));
  const said = cardNames(model.get("deck")); // the narration says each card by its button's name
  const lang = model.get("lang");
  const root = h("div", { class: "sgt sgt--live", lang });
  const local = { pending: false, selected: new Set(), explained: null, id: ++liveTables, acts: 0, heard: null, told: 0, seen: -1, hands: new Map(), phases: new Map() };
  const options = model.get("options");
  const select = (key, label, values) => {
    const node = h("select", { "data-option": key, "aria-label": label }, values.map(([v, text, title]) => h("option", { value: String(v), text, title })));
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
    select("opponents", w.opponents, model.get("kinds").map((k) => [k, (kindWords[k] || {}).name || k, (kindWords[k] || {}).about])),
    seedBox,
    newButton,
    openToggle
  );
  // the live game's status notes (one line each, set with setText so a redraw does not read them out again):
  // "needs a new deal" here; the search note under the hint box
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
  const hintLine = h("p", { class: "sgt-hint__line", id: `sgt-hint-${local.id}`, "data-role": "hint", "aria-live": "polite" });
  const hintBox = h("div", { class: "sgt-hint" }, hintButton, hintLine);
  // the strong search on the engine, not the fast core (rules it does not play, or no C): said once, calmly, under
  // the hint and through the review
  const searchNote = h("p", { class: "sgt-help", "data-role": "search-note", "aria-live": "polite", hidden: true });
  const reviewBox = h("section", { class: "sgt-review", "data-role": "review", "aria-label": w.review_title });
  const reviewStatus = h("p", { class: "sgt-review__status", role: "status" });
  const reviewHead = h("div", { class: "sgt-review__head" });
  const reviewTail = h("div", { class: "sgt-review__tail" });
  const typed = h("input", { type: "text", class: "sgt-typed", "aria-label": w.type, placeholder: w.type_hint, autocomplete: "off" });
  const tryButton = h("button", { type: "submit", class: "sgt-button sgt-button--text", "data-action": "typed", text: w.try });
  const form = h("form", { class: "sgt-typedform", onsubmit: (e) => { e.preventDefault(); submitTyped(); } }, h("label", {}, `${w.type} `, typed), tryButton);
  // not atomic: a screen reader reads what is put in, so each move is read once as it is added to the history; the
  // history keeps the last moves (the current trick and the ones before it) on screen, the newest first (at the top,
  // in view without scrolling; the region's text still begins with the move just made)
  const narrationHead = h("div", { class: "sgt-narration__head" });
  const history = h("ol", { class: "sgt-history", "data-role": "history" });
  const narration = h("div", { class: "sgt-narration", "data-role": "narration", "aria-live": "polite" }, narrationHead, history);
  // the cards that came into the reader's hand (drawn from the talon, picked up), said to the reader alone, until
  // the reader's next move
  const drawn = h("p", { class: "sgt-drawn", "data-role": "drawn", "aria-live": "polite" });
  // how to play the hand: shown once under it and the hand's description (read when the hand is reached), not a
  // live message read again every turn; the keyboard's part is hidden on a touch screen (table.css)
  const helpId = `sgt-handhelp-${local.id}`;
  const help = h("p", { class: "sgt-help sgt-handhelp", id: helpId }, h("span", { text: w.dimmed }), " ", h("span", { class: "sgt-handhelp__keys", text: w.hand_keys }));
  const status = h("p", { class: "sgt-status", role: "status" });
  const after = h("div", { class: "sgt-after" });
  // the reader's own last move and its verdict stay in view while the computer plays on (the narration moves on)
  const yours = h("div", { class: "sgt-yourmove", "data-role": "your-move" });
  root.append(optionsBox, note, boardBox, explain, drawn, actions, hintBox, searchNote, overBox, status, help, form, narration, yours, toggle(w.rule_ids, (on) => root.classList.toggle("sgt--ruleids", on)), after);
  el.append(root);
  if (watcher) watcher.observe(root);

  // Focus stays in the reader's hand: every draw replaces the board's buttons, so the card (or the hand) that had
  // focus gets it back. Start removes its own button: a table drawn while nothing has focus takes it into the hand.
  const nowhere = () => !document.activeElement || document.activeElement === document.body;
  local.inHand = nowhere();
  // the hand and the buttons of the turn (pick up, chansa, ...) both count as the hand: a move from either
  const handOf = (node) => node && node.closest && node.closest(".sgt-fan--mine, .sgt-actions");
  root.addEventListener("focusin", (event) => {
    const e = { target: /** @type {HTMLElement} */ (event.target) };
    local.inHand = Boolean(handOf(e.target));
    if (!local.inHand) return;
    const code = e.target.getAttribute("data-card");
    const action = e.target.closest(".sgt-actions") ? e.target.getAttribute("data-action") : null;
    if (code || action) [local.focusCard, local.focusAction] = [code, action];
  });
  document.addEventListener("focusin", (e) => {
    if (!root.contains(/** @type {Node} */ (e.target))) local.inHand = false;
  });
  function keepFocus(view) {
    if (!local.inHand || !root.isConnected) return;
    if (view.over && !overBox.hidden) return againButton.focus({ preventScroll: true });
    const mine = /** @type {HTMLElement | null} */ (boardBox.querySelector(".sgt-fan--mine"));
    if (!mine) return;
    const enabled = /** @type {HTMLElement[]} */ ([...mine.querySelectorAll("button[data-card]:not([disabled])")]);
    const action = local.focusAction && /** @type {HTMLElement | null} */ (actions.querySelector(`button[data-action="${local.focusAction}"]:not([disabled])`));
    /** @type {HTMLElement} */
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
    local.acts += 1;
    local.selected.clear();
    setText(drawn, "");
    draw();
    send({ op: "play", move });
  }
  // a control that cannot be used now is aria-disabled, not disabled: a disabled control would drop the focus to
  // the page's body (the hint, the review, the typed move keep it while the computer or the coach works)
  const off = (/** @type {HTMLElement} */ control, /** @type {boolean} */ yes) => control.setAttribute("aria-disabled", String(yes));
  const isOff = (/** @type {HTMLElement} */ control) => control.getAttribute("aria-disabled") === "true";
  function askHint() {
    if (local.pending || model.get("busy") || isOff(hintButton)) return;
    local.hinting = true;
    setText(hintLine, w.hint_thinking);
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
    if (isOff(tryButton)) return;
    const text = typed.value.trim();
    if (!text) return;
    typed.value = "";
    act(text);
  }
  optionsBox.addEventListener("change", (event) => {
    const e = { target: /** @type {HTMLInputElement} */ (event.target) };
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
  // a move made with a button of the turn (pick up, chansa, ...): the focus goes back to the hand, not to the button
  // (which the next turn may offer again: Enter would pick up again)
  actions.addEventListener("click", (e) => {
    const b = /** @type {Element} */ (e.target).closest("button[data-action]");
    if (b) [local.inHand, local.focusCard, local.focusAction] = [true, null, null];
  });
  // the hand is one stop of the Tab order: the arrow keys (and Home, End) move between its cards
  boardBox.addEventListener("keydown", (event) => {
    const at = /** @type {HTMLElement} */ (event.target);
    const mine = at.closest && at.closest(".sgt-fan--mine");
    if (!mine) return;
    const cards = /** @type {HTMLElement[]} */ ([...mine.querySelectorAll("button[data-card]:not([disabled])")]);
    if (!cards.length) return;
    const i = cards.indexOf(at) >= 0 ? cards.indexOf(at) : Math.max(0, cards.findIndex((b) => b.tabIndex === 0));
    const step = { ArrowRight: i + 1, ArrowDown: i + 1, ArrowLeft: i - 1, ArrowUp: i - 1, Home: 0, End: cards.length - 1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = cards[Math.min(cards.length - 1, Math.max(0, step))];
    for (const b of cards) b.tabIndex = b === next ? 0 : -1;
    next.focus();
  });
  newButton.addEventListener("click", deal);
  hintButton.addEventListener("click", askHint);
  reviewButton.addEventListener("click", () => {
    const r = model.get("review");
    if ((r && r.state === "running") || isOff(reviewButton)) return;
    off(reviewButton, true);
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
    const step = /** @type {HTMLElement | null} */ (replay.querySelector('button[data-step="forward"]'));
    if (step) step.focus({ preventScroll: true });
  });

  function draw() {
    const view = model.get("view");
    const busy = Boolean(model.get("busy")) || local.pending;
    root.classList.toggle("sgt--busy", busy);
    root.setAttribute("aria-busy", String(busy));
    setText(note, model.get("needs_new_deal") ? w.needs_new : "");
    const seed = seedBox.querySelector("input");
    const chosen = (model.get("options") || {}).seed;
    if (chosen !== undefined && document.activeElement !== seed) seed.value = String(chosen);
    if (!view) {
      setText(narrationHead, model.get("message") || "");
      return;
    }
    root.dataset.moves = String(view.moves);
    root.dataset.yourMoves = String(view.your_moves);
    root.dataset.over = String(view.over);
    setText(searchNote, view.search_note || "");
    searchNote.hidden = !view.search_note;
    root.dataset.turn = busy ? "busy" : view.over ? "over" : view.your_turn ? "yours" : "waiting";
    const acts = view.actions || [];
    const singles = new Set(acts.filter((a) => a.kind === "play" && a.cards.length === 1).map((a) => a.cards[0]));
    const multi = acts.some((a) => a.kind === "play" && a.cards.length > 1);
    const playable = new Set(acts.filter((a) => a.kind === "play").flatMap((a) => a.cards));
    const yourTurn = Boolean(view.your_turn) && !view.over;
    // against the computer (the view's `computers`): "dator B" with its kind, the reader "du" (a phone: page.mjs nameSeats)
    const names = view.computers ? { ...view.names, [view.you]: w.you } : null;
    const kinds = view.computers ? Object.fromEntries(Object.entries(view.computers).map(([seat, k]) => [seat, (kindWords[k] || {}).name || k])) : null;
    boardBox.replaceChildren(
      drawBoard(view, { words: w, card, live: true, bottom: view.you, playable: multi ? playable : singles, selected: local.selected, multi, busy, over: view.over, yourTurn, current: local.focusCard, helpId, names, kinds })
    );
    help.hidden = !view.you || view.over;
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
    typed.readOnly = busy || !view.your_turn;
    off(typed, typed.readOnly);
    off(tryButton, typed.readOnly);
    setText(status, busy ? w.thinking : view.over ? view.status : view.your_turn ? w.your_turn : view.status);
    const message = model.get("message") || "";
    patchChildren(narrationHead, ...(message ? [h("p", { class: "sgt-narration__heading" }, h("strong", { text: message }))] : []));
    narrate(view);
    noteDrawn(view);
    const last = view.last;
    if (view.you !== local.you) [local.you, local.mine] = [view.you, null]; // another person has the screen (pass and play)
    if (last && last.player === view.you) local.mine = last;
    if (local.mine && local.mine !== last) yours.replaceChildren(...drawNarration({ last: local.mine }, w, w.your_move, said));
    else yours.replaceChildren();
    // the refused move (the reader's, just now) is explained under the hand, and brought into view there
    const refused = last && !last.legal && last.player === view.you ? last : null;
    if (refused !== local.explained) {
      local.explained = refused;
      explain.replaceChildren(...(refused ? drawNarration({ last: refused }, w, "", said) : []));
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
  // the history: each move added once, as a list item of its own (read out as it is put in); a new deal starts
  // it again. A refused move is an item too (each attempt: the reader's moves are counted). A view with `recent`
  // (the table server's: the last moves, numbered `n`) can bring several moves at once: each new one goes in, in order
  function narrate(view) {
    if (view.moves < local.seen) {
      history.replaceChildren();
      [local.heard, local.told] = [null, 0];
    }
    local.seen = view.moves;
    const { last, recent } = view;
    for (const m of recent || []) if (m.n > local.told) put({ last: m }, (local.told = m.n), m.legal);
    if (!last || (recent && last.legal)) return;
    const key = `${view.moves}|${last.text}|${last.legal ? "" : local.acts}`;
    if (key === local.heard) return;
    local.heard = key;
    put(view, view.moves, last.legal);
  }
  function put(moved, n, legal) {
    history.prepend(h("li", { class: `sgt-history__move${legal ? "" : " sgt-history__move--illegal"}`, "data-move": String(n) }, drawNarration(moved, w, "", said)));
    while (history.childElementCount > HISTORY) history.lastElementChild.remove();
  }
  // the cards that came into the hand of the one who has the screen since that person last saw it: named to them
  // (a draw from the talon, a pick-up); not where a phase begins (a whole new hand), nor to anybody else
  function noteDrawn(view) {
    const you = view.you;
    if (you !== local.you2) {
      local.you2 = you;
      setText(drawn, "");
    }
    if (view.moves < local.drawnAt) local.hands.clear();
    local.drawnAt = view.moves;
    const cards = you && view.hands[you] ? view.hands[you].cards : null;
    if (!cards) return;
    const before = local.hands.get(you);
    const gained = before && local.phases.get(you) === view.phase ? cards.filter((c) => !before.has(c)) : [];
    local.hands.set(you, new Set(cards));
    local.phases.set(you, view.phase);
    if (gained.length) setText(drawn, fill(w.drawn, { cards: gained.map((c) => said.byCode.get(c) || c).join(", ") }));
  }
  // the hint: the hinted card (or action) marked data-hint="true", its line narrated; only on the reader's turn
  function markHint(view, busy) {
    const hint = model.get("hint");
    const yours = Boolean(view.your_turn) && !view.over;
    hintBox.hidden = view.over;
    off(hintButton, busy || !yours || Boolean(local.hinting));
    if (local.hinting) return;
    setText(hintLine, hint ? hint.text : "");
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
    off(reviewButton, Boolean(r && r.state === "running"));
    if (!r) {
      reviewBox.replaceChildren();
      return;
    }
    // the status line stays one element in its place, its text changed there: a screen reader reads a live region's
    // changes, not a region put anew in the page (the progress while it runs, then the summary, or why refused)
    if (reviewStatus.parentElement !== reviewBox) reviewBox.replaceChildren(reviewHead, reviewStatus, reviewTail);
    setText(reviewStatus, r.state === "refused" ? r.text : r.state === "done" ? r.summary : fill(w.review_progress, { done: r.done, total: r.total }));
    const title = h("p", { class: "sgt-title" }, h("strong", { text: w.review_title }));
    if (r.state === "refused") {
      reviewHead.replaceChildren(title);
      reviewTail.replaceChildren();
    } else {
      const total = Math.max(r.total, 1);
      const label = fill(w.review_progress, { done: r.done, total: r.total });
      reviewHead.replaceChildren(
        title,
        h(
          "div",
          { class: "sgt-progress", role: "progressbar", "aria-label": w.review_progress_label, "aria-valuemin": "0", "aria-valuemax": String(r.total), "aria-valuenow": String(r.done), "aria-valuetext": label },
          h("span", { class: "sgt-progress__bar", style: `width: ${Math.round((100 * r.done) / total)}%` })
        )
      );
      reviewTail.replaceChildren(
        r.state === "done" ? h("p", { class: "sgt-review__method" }, h("small", { text: r.method })) : "",
        h("ol", { class: "sgt-review__list" }, r.items.map(reviewItem))
      );
    }
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
    const step = /** @type {HTMLElement | null} */ (replay.querySelector('button[data-step="forward"]'));
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
    const b = /** @type {HTMLButtonElement | null} */ (/** @type {Element} */ (e.target).closest("button[data-card]"));
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
