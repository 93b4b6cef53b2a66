// The teacher's kit (book/*/teacher.ipynb): print one sheet (a handout or the quiz with its key) at a time.
// select(name) marks the sheet and the elements around it so the print stylesheet shows only that sheet;
// the button selects, prints, and clears the selection after printing.
const root = document.documentElement;

function clear() {
  delete root.dataset.sgPrint;
  for (const node of document.querySelectorAll(".sg-print-path, .sg-print-selected")) {
    node.classList.remove("sg-print-path", "sg-print-selected");
  }
}

export function select(name) {
  clear();
  const sheet = document.querySelector(`[data-printable="${CSS.escape(name)}"]`);
  if (!sheet) throw new Error(`no printable sheet ${name}`);
  sheet.classList.add("sg-print-selected");
  for (let node = sheet.parentElement; node && node !== document.body; node = node.parentElement) {
    node.classList.add("sg-print-path");
  }
  root.dataset.sgPrint = name;
}

document.addEventListener("click", (event) => {
  const button = event.target.closest('button[data-action="print-sheet"]');
  if (!button) return;
  select(button.dataset.target);
  window.print();
});
window.addEventListener("afterprint", clear);
window.sgPrintSheet = { select, clear };
