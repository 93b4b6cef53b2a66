// Pass and play: the live game (live-table.js) for several people at one screen, with a cover between two people's
// turns. The model is the pass-and-play controller's (skitgubbe/views/pass_play.py, in the browser-live engine): the
// live game's keys in mode "pass", `view.cover` (the person to hand the phone to), `view.people` and the words
// `pass_words`. While the cover is up the view holds no hand, and the board, the hand's buttons, the hint and the
// typed move are not drawn (the narration stays: the computer's moves are said there once each). The live table
// reads its view through `safeView` (pass-logic.js), so a hand pass and play does not show is never drawn.
import { h, setText } from "./dom.js";
import { fill } from "./template.js";
import { renderLive } from "./live-table.js";
import { focusAfter, reviewers, safeView, stage } from "./pass-logic.js";

let passTables = 0;
export function renderPass(model, el) {
  const p = model.get("pass_words");
  const id = `sgt-cover-${++passTables}`;
  const guarded = {
    get: (name) => (name === "view" ? safeView(model.get("view")) : model.get(name)),
    set: (name, value) => model.set(name, value),
    on: (event, handler) => model.on(event, handler),
    off: (event, handler) => model.off(event, handler),
    send: (message) => model.send(message),
    save_changes: () => model.save_changes(),
  };
  renderLive(guarded, el);
  const root = /** @type {HTMLElement} */ (el.querySelector(".sgt--live"));
  root.classList.add("sgt--pass");
  // the cover, where the board is: who gets the phone, and their button
  const title = h("strong", { id });
  const help = h("p", { class: "sgt-cover__help" });
  const reveal = h("button", { type: "button", class: "sgt-button sgt-button--text sgt-button--main sgt-cover__button", "data-action": "reveal" });
  const cover = h("section", { class: "sgt-cover", "data-role": "cover", "aria-labelledby": id, hidden: true }, h("p", { class: "sgt-cover__title" }, title), help, h("p", {}, reveal));
  root.querySelector(".sgt-boardbox").before(cover);
  // the end: every hand shown, and whose moves the review goes through (each person their own)
  const openNote = h("p", { class: "sgt-help", "data-role": "over-open", hidden: true, text: p.over_open });
  const reviewerSelect = h("select", { "data-role": "reviewer" });
  const reviewerBox = h("label", { class: "sgt-option sgt-reviewer", hidden: true }, `${p.reviewer} `, reviewerSelect);
  const over = root.querySelector(".sgt-over");
  over.prepend(openNote);
  over.querySelector('[data-action="review"]').before(reviewerBox);

  const local = { stage: "none", revealing: false };
  reveal.addEventListener("click", () => {
    if (local.revealing) return; // one press is enough
    local.revealing = true;
    model.send({ op: "reveal", name: reveal.dataset.name });
  });
  reviewerSelect.addEventListener("change", () => model.send({ op: "reviewer", name: reviewerSelect.value }));

  function focusHand() {
    const target = /** @type {HTMLElement | null} */ (
      root.querySelector(".sgt-fan--mine button[data-card]:not([disabled])") || root.querySelector(".sgt-actions button:not([disabled])") || root.querySelector(".sgt-fan--mine")
    );
    if (target) target.focus();
  }
  function drawReviewers(view, now) {
    const { names, chosen } = reviewers(view);
    reviewerBox.hidden = now !== "open" || names.length < 2;
    if (reviewerBox.hidden) return;
    const have = [...reviewerSelect.options].map((o) => o.value);
    if (have.join("\n") !== names.join("\n")) reviewerSelect.replaceChildren(...names.map((name) => h("option", { value: name, text: name })));
    if (document.activeElement !== reviewerSelect && chosen) reviewerSelect.value = chosen;
  }
  function draw() {
    const view = safeView(model.get("view"));
    const now = stage(view);
    root.dataset.stage = now;
    root.classList.toggle("sgt--covered", now === "cover");
    cover.hidden = now !== "cover";
    if (now === "cover") {
      setText(title, fill(p.cover_title, { name: view.cover }));
      setText(help, fill(p.cover_help, { name: view.cover }));
      setText(reveal, fill(p.reveal, { name: view.cover }));
      reveal.dataset.name = view.cover;
    }
    openNote.hidden = now !== "open";
    drawReviewers(view, now);
    const focus = focusAfter(local.stage, now);
    local.stage = now;
    if (focus === "cover") reveal.focus();
    else if (focus === "hand") focusHand();
  }
  model.on("msg:custom", () => {
    local.revealing = false;
  });
  for (const key of ["view", "message"]) model.on(`change:${key}`, draw);
  draw();
}
