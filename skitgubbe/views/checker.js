// The checker: a library case, a JSON text or a position built by tapping, judged under every preset.
// The Python side (views/controllers.py CheckerController) owns the case: every tap is a message ({op: "place"},
// "take", "set", "move", "undo", "new", "edit", "check", "load") answered with `case_text`, `result` and `editor`
// (the case as an object, the address fragment, each card's place, the hands for entering moves, any problem).
import { h, replaceIfChanged, saveJSON, setText, toggle } from "./dom.js";
import { fill, named } from "./template.js";
import { makeDeck } from "./cards.js";
import { SUITS, RANKS, own, list, destinations, groupPlaces, cardsAt } from "./checker-edit.js";


export function renderChecker(model, el) {
  const w = model.get("words");
  // the words of the places of a card and of the suits, each key written out (never built from pieces)
  const destWords = { hand: w.ed_dest_hand, won: w.ed_dest_won, talon: w.ed_dest_talon, trump_card: w.ed_dest_trump_card, table: w.ed_dest_table };
  const suitWords = { C: w.ed_suit_C, D: w.ed_suit_D, H: w.ed_suit_H, S: w.ed_suit_S };
  const lang = model.get("lang");
  const pictures = model.get("deck") || {};
  const card = makeDeck(pictures);
  const inPage = Boolean(el.closest && el.closest("[data-skitgubbe-live]"));
  const linked = () => inPage && /^#(case|rules)=/.test(location.hash);
  const local = { dest: null, mover: null, selected: new Set(), edited: false, failed: null, everyOpen: false, fromLink: linked() };
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
    let done;
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
    setText(copyStatus, done ? w.ed_copied : w.ed_copy_failed);
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
    const dests = destinations(players, phase);
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
    const groups = groupPlaces(dests, places);
    const order = (/** @type {string} */ where) => cardsAt(c, where);
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
      ? h("ol", { class: "sgt-editmoves", "data-role": "moves" }, moves.map((m, i) => h("li", { text: moveWords(m, i) })))
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

  /** A move of the case in the page's language: the engine's label of it ("C: tar upp (supar)", "B: ♣D ♣K ♣E") when
   * the case was judged, else its kind in the page's words (the case file keeps the format's English words).
   * @param {unknown} move @param {number} i */
  function moveWords(move, i) {
    const raw = String(move);
    const r = model.get("result") || {};
    const label = list(r.labels)[i];
    if (list(r.moves)[i] === raw && typeof label === "string" && label) return label;
    const kinds = { "pick up": w["pick-up"], chansa: w.chansa, pass: w.pass };
    const [who, what] = raw.includes(":") ? raw.split(/:\s*/, 2) : ["", raw];
    const said = own(kinds, what.trim().toLowerCase()) || what.replace(/^throw\b/i, w.throw);
    return who ? `${who}: ${said}` : said;
  }

  editorBox.addEventListener("change", (e) => {
    const target = /** @type {HTMLInputElement} */ (e.target);
    const field = target.getAttribute && target.getAttribute("data-field");
    if (!field || field === "dest" || field === "mover") return;
    const value = ["players", "phase"].includes(field) ? Number(target.value) : target.value;
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
    if (!r || local.failed) return void replaceIfChanged(result);
    if (!r.ok) return void replaceIfChanged(result, ...(shown.includes(r.error) ? [] : [h("p", { class: "sgt-illegal", text: `✗ ${r.error}` })]));
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
    // the verdicts say which case they judge: a library case by its title (a link to one keeps it)
    const known = list(model.get("cases")).find((c) => c && c.id && c.id === model.get("case_id"));
    const heading = h("p", { class: "sgt-verdicts__title", "data-role": "verdicts-title", tabindex: "-1" }, h("strong", { text: w.verdicts }), known ? ` — ${known.title}` : null);
    replaceIfChanged(result, heading, h("ul", { class: "sgt-verdictlist" }, items), detail);
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

  function showAnswer() {
    const failed = root.dataset.state === "failed";
    const target = failed ? problem : result.querySelector('[data-role="verdicts-title"]');
    if (!(target instanceof HTMLElement) || !target.textContent) return;
    if (failed) problem.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: "start" });
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
    setText(problem, said.length ? `${w.ed_problem}: ${said.join(" ")}` : "");
    drawResult(model.get("result"), problem.textContent);
    const failed = Boolean(local.failed || !answer || !answer.ok);
    root.dataset.state = failed ? "failed" : "judged";
    if (local.pendingTyped) {
      const moves = list((editor.case || {}).moves);
      if (moves.length > local.pendingTyped.count) local.typed = "";
      local.pendingTyped = null;
      const input = /** @type {HTMLInputElement | null} */ (root.querySelector('input[data-key="typed"]'));
      if (input) input.value = local.typed || "";
    }
    // the address follows the case on screen (a shareable link); after a failure it keeps what the reader opened
    if (inPage && editor.fragment && (local.edited || location.hash) && !failed) {
      const wanted = `#${editor.fragment}`;
      if (location.hash !== wanted) history.replaceState(history.state, "", wanted);
      link.textContent = w.ed_link;
    }
    root.dataset.fragment = editor.fragment || "";
    // opened from a link (or a link pasted into the address): the answer is what the reader came for, so it gets
    // the focus and the screen (its problem, or the verdicts under the case's title)
    if (local.fromLink) {
      local.fromLink = false;
      // after the answer's every key is drawn (one model change per key)
      setTimeout(showAnswer, 0);
    }
    if (key) {
      const again = /** @type {HTMLElement | null} */ (root.querySelector(`[data-key="${CSS.escape(key)}"]`));
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
  // a link pasted into the address of the running checker: its answer is shown like a link opened
  if (inPage) addEventListener("hashchange", () => (local.fromLink = linked()));
  model.on("change:message", () => {
    const message = model.get("message");
    if (!message) return;
    local.failed = String(message);
    draw();
  });
  draw();
}
