// A minimal live game view on the session API (skitgubbe.session's Session requests, through the worker).
// It is deliberately small: the reader's table (views/table.js) replaces this drawing once it is merged.
// Contract: every card is an element with data-card; every action a <button> (data-action="play" + data-card,
// "pick-up", "chansa", "throw", "pass"); the latest move is narrated in [data-role="narration"] (aria-live).

const PAUSE_MS = 500; // the visible pause before each computer move (the panel's data-pause-ms may change it)
const WORDS = {
  sv: { you: "Din hand", table: "Bordet", empty: "tomt", noSession: "Den här versionen av motorn saknar spel-API:t." },
  en: { you: "Your hand", table: "The table", empty: "empty", noSession: "This build of the engine has no session API." },
};

function element(tag, attributes = {}, text = "") {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text) node.textContent = text;
  return node;
}

function say(root, text) {
  root.querySelector('[data-role="narration"]').textContent = text;
}

function describe(answer) {
  const step = answer.step;
  if (!step) return answer.view?.status ?? "";
  const rule = step.rule_text ? ` (${step.rule}: ${step.rule_text})` : "";
  return `${step.text}. ${step.legal ? "" : step.verdict + ": "}${step.why}${rule}`;
}

function draw(root, view, words, act) {
  const board = root.querySelector('[data-role="live-table"]');
  board.replaceChildren();
  root.dataset.moves = String(view.moves);
  board.append(element("p", { "data-role": "status" }, `${view.status}. ${view.phase_text}. ${view.trump_text ?? ""}`));
  const table = element("p", {}, `${words.table}: `);
  if (!view.table.length) table.append(words.empty);
  for (const [player, cards] of view.table) {
    table.append(`${player}: `);
    for (const card of cards) table.append(element("span", { "data-card": card, class: "card" }, card), " ");
  }
  board.append(table);
  const hand = element("p", {}, `${words.you}: `);
  const playable = new Map(view.actions.filter((a) => a.kind === "play" && a.cards.length === 1).map((a) => [a.cards[0], a]));
  for (const card of view.hands[view.you]?.cards ?? []) {
    const action = playable.get(card);
    const button = element("button", { type: "button", "data-action": "play", "data-card": card }, card);
    button.setAttribute("aria-label", action ? action.text : card);
    if (action) button.dataset.legal = "true";
    if (!view.your_turn) button.disabled = true;
    button.addEventListener("click", () => act(action ? action.move : card));
    hand.append(button, " ");
  }
  board.append(hand);
  const others = element("p");
  for (const action of view.actions.filter((a) => a.kind !== "play" || a.cards.length > 1)) {
    const kind = action.kind === "play" ? "play-selected" : action.kind;
    const button = element("button", { type: "button", "data-action": kind, "data-move": action.move }, action.text);
    button.addEventListener("click", () => act(action.move));
    others.append(button, " ");
  }
  board.append(others);
}

/** Deal with the panel's choices and play until the game is over; the computer seats move with a pause. */
export async function mountPlay(root, client, lang) {
  const words = WORDS[lang] ?? WORDS.en;
  const value = (name) => root.querySelector(`[name="${name}"]`)?.value;
  const spec = {
    rules: value("rules") ?? "pagat",
    players: Number(value("players") ?? 3),
    opponents: value("opponents") ?? "sensible",
    seed: Number(value("seed") ?? 1),
    lang,
  };
  let answer;
  try {
    answer = await client.call("new_game", { spec, lang });
  } catch (failure) {
    say(root, failure.detail?.type === "BridgeError" ? words.noSession : failure.message);
    return;
  }
  let busy = false;
  const computerTurns = async () => {
    while (answer.view && !answer.view.over && !answer.view.your_turn) {
      await new Promise((resolve) => setTimeout(resolve, Number(root.dataset.pauseMs ?? PAUSE_MS)));
      answer = await client.call("computer_move", {});
      say(root, describe(answer));
      draw(root, answer.view, words, act);
    }
    root.dataset.turn = answer.view.over ? "over" : "yours";
  };
  const act = async (move) => {
    if (busy) return;
    busy = true;
    root.dataset.turn = "busy";
    try {
      answer = await client.call("play", { move });
      say(root, describe(answer));
      draw(root, answer.view, words, act);
      await computerTurns();
    } finally {
      busy = false;
    }
  };
  say(root, answer.view?.status ?? "");
  draw(root, answer.view, words, act);
  await computerTurns();
}
