// The book's quizzes (skitgubbe/views/quiz.py writes the HTML; every answer and its feedback were computed by the
// engine at build time). A question is a `.sg-quiz__part` with one <button data-option> per option or card,
// `data-right` (the right option numbers) and a <template data-feedback="i"> per option. Tapping an option shows
// its feedback in the part's aria-live region, moved beside the chosen option (under it in the list of options,
// under the row of cards), and locks the question; the box's rule-ids toggle shows the rule ids; the answers of the page are kept in
// localStorage (no server), so the score ("2 of 3 right") survives a reload until the reader presses reset.

const PREFIX = "skitgubbe.quiz.v1:";

function storeKey() {
  return PREFIX + location.pathname;
}

function load() {
  try {
    const value = JSON.parse(localStorage.getItem(storeKey()) || "{}");
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

function save(answers) {
  try {
    localStorage.setItem(storeKey(), JSON.stringify(answers));
  } catch {
    // storage refused (private mode, full): the quiz still answers, the score is not kept
  }
}

function rightOf(part) {
  return (part.dataset.right || "").split(",").filter(Boolean).map(Number);
}

function show(part, chosen) {
  const right = rightOf(part);
  const template = part.querySelector(`template[data-feedback="${chosen}"]`);
  if (!template) return false;
  for (const b of part.querySelectorAll("button[data-option]")) {
    const i = Number(b.dataset.option);
    b.setAttribute("aria-disabled", "true");
    b.classList.toggle("sg-quiz--chosen", i === chosen);
    b.classList.toggle("sg-quiz--right", right.includes(i));
    b.classList.toggle("sg-quiz--wrong", i === chosen && !right.includes(i));
  }
  const feedback = part.querySelector('[data-role="quiz-feedback"]');
  const button = part.querySelector(`button[data-option="${chosen}"]`);
  placeFeedback(feedback, button);
  feedback.replaceChildren(template.content.cloneNode(true));
  const why = part.querySelector('[data-role="quiz-why"]');
  if (why && why.childElementCount) why.hidden = false;
  part.dataset.answered = right.includes(chosen) ? "right" : "wrong";
  return true;
}

/* beside the chosen option: inside its list item for a text option, after the row for a card (a row of cards
   wraps, so a box inside it would push the cards apart) */
function placeFeedback(feedback, button) {
  const item = button && button.closest("li");
  if (!item) return;
  if (item.parentElement.matches(".sg-quiz__cards")) item.parentElement.after(feedback);
  else item.append(feedback);
}

function clear(part) {
  for (const b of part.querySelectorAll("button[data-option]")) {
    b.removeAttribute("aria-disabled");
    b.classList.remove("sg-quiz--chosen", "sg-quiz--right", "sg-quiz--wrong");
  }
  const feedback = part.querySelector('[data-role="quiz-feedback"]');
  feedback.replaceChildren();
  const why = part.querySelector('[data-role="quiz-why"]');
  if (why) why.hidden = true;
  delete part.dataset.answered;
}

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (_, key) => String(values[key] ?? ""));
}

function updateScore() {
  const parts = Array.from(document.querySelectorAll(".sg-quiz__part[data-quiz-part]"));
  const answered = parts.filter((p) => p.dataset.answered).length;
  const right = parts.filter((p) => p.dataset.answered === "right").length;
  const boxes = Array.from(document.querySelectorAll(".sg-quiz-box[data-sg-quiz]"));
  boxes.forEach((box, n) => {
    const bar = box.querySelector('[data-role="quiz-score-bar"]');
    if (!bar) return;
    let words;
    try {
      words = JSON.parse(box.dataset.words || "{}");
    } catch {
      words = {};
    }
    bar.querySelector('[data-role="quiz-score"]').textContent =
      `${fill(words.score || "{right}/{answered}", { right, answered })} ${fill(words.total || "", { total: parts.length })}`.trim();
    bar.hidden = n !== boxes.length - 1; // one score line per page, after its last question
  });
}

function answer(button) {
  const part = button.closest(".sg-quiz__part[data-quiz-part]");
  if (!part || part.dataset.answered) return;
  const chosen = Number(button.dataset.option);
  if (!show(part, chosen)) return;
  const answers = load();
  answers[part.dataset.quizPart] = chosen;
  save(answers);
  updateScore();
}

function reset(button) {
  save({});
  try {
    localStorage.removeItem(storeKey());
  } catch {
    // nothing kept
  }
  document.querySelectorAll(".sg-quiz__part[data-quiz-part]").forEach(clear);
  updateScore();
  button.focus();
}

function onChange(event) {
  const input = event.target;
  if (!input.matches || !input.matches('.sg-quiz-box input[data-action="quiz-ruleids"]')) return;
  input.closest(".sg-quiz-box").classList.toggle("sg-quiz--ruleids", input.checked);
}

function onClick(event) {
  const button = event.target.closest("button");
  if (!button) return;
  if (button.matches(".sg-quiz__part button[data-option]")) answer(button);
  else if (button.matches('.sg-quiz-box button[data-action="quiz-reset"]')) reset(button);
}

/** Make every quiz on the page answerable and restore the answers kept for this page. */
export function mountAll(root = document) {
  if (!globalThis.__skitgubbeQuiz) {
    globalThis.__skitgubbeQuiz = true;
    document.addEventListener("click", onClick);
    document.addEventListener("change", onChange);
  }
  const answers = load();
  for (const part of root.querySelectorAll(".sg-quiz__part[data-quiz-part]")) {
    if (part.dataset.mounted) continue;
    part.dataset.mounted = "1";
    const chosen = answers[part.dataset.quizPart];
    if (Number.isInteger(chosen)) show(part, chosen);
  }
  updateScore();
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => mountAll());
else mountAll();
