"""Words of the live pages around the reader's table: the play and checker panels of the static site
(`skitgubbe.views.live.panel`, `skitgubbe.views.live.checker_panel`) and the notes the book's widget cells show
where a live widget needs a kernel (`skitgubbe.views.widgets`).

Some templates hold HTML (`<strong>`, `<code>`, `<em>`): the widgets put them into the page as they are.
"""

from __future__ import annotations

from skitgubbe.text.phrases import PhraseBook
from skitgubbe.text.vocabulary import VOCABULARY

#: The play page's panel: the choices of a deal and the Start button (before the engine runs).
PLAY_PANEL: PhraseBook[str] = PhraseBook(
    "play_panel",
    {
        "legend": ("Spela mot datorn i webbläsaren", "Play against the computer in the browser"),
        "rules": VOCABULARY["rules"],
        "players": ("Antal spelare", "Players"),
        "opponents": VOCABULARY["opponents"],
        "seed": ("Givnummer", "Deal number"),
        "start": ("Starta motorn och spela mot datorn", "Start the engine and play the computer"),
        "note": VOCABULARY["engine_note"],
    },
)

#: The checker page's panel: the Start button and what opening a link to a case does.
CHECKER_PANEL: PhraseBook[str] = PhraseBook(
    "checker_panel",
    {
        "legend": ("Provaren i webbläsaren", "The checker in the browser"),
        "start": ("Starta motorn och öppna provaren", "Start the engine and open the checker"),
        "note": VOCABULARY["engine_note"],
        "link": (
            "Du kom hit via en länk till ett fall: motorn startar av sig själv och visar fallets domar under "
            "alla regeluppsättningar.",
            "You followed a link to a case: the engine starts by itself and shows the case's verdicts under "
            "every rule set.",
        ),
    },
)

#: Where a live widget needs a Python kernel: the static site's note and how to get the live version (HTML).
KERNEL_NOTE: PhraseBook[str] = PhraseBook(
    "kernel_note",
    {
        "needs_kernel": (
            "<strong>Det här behöver en Python-kärna.</strong> På den statiska webbplatsen finns ingen, "
            "så här visas bara en anvisning. Öppna sidan som anteckningsbok i Jupyter (med paketet "
            "<code>skitgubbe</code> installerat) så blir den levande, eller spela direkt i terminalen: "
            "<code>python -m skitgubbe play --lang sv</code>.",
            "<strong>This needs a Python kernel.</strong> The static site has none, so only this note is "
            "shown here. Open the page as a notebook in Jupyter (with the <code>skitgubbe</code> package "
            "installed) and it comes alive, or play straight away in a terminal: "
            "<code>python -m skitgubbe play</code>.",
        ),
        "how_live": (
            "Den levande versionen: kör <code>make lab</code> i projektets mapp (installerar allt och öppnar "
            "JupyterLab), eller <code>voila book/sv/{page}.ipynb</code>.",
            "The live version: run <code>make lab</code> in the project folder (it installs everything and "
            "opens JupyterLab), or <code>voila book/en/{page}.ipynb</code>.",
        ),
    },
)

#: The checker's stand-in on the static site: how to run the same check with the command line (HTML).
CHECKER_STATIC: PhraseBook[str] = PhraseBook(
    "checker_static",
    {
        "static": (
            "<strong>Utan motorn i webbläsaren:</strong> så gör du samma prövning på din egen dator, och "
            "därunder varje fall i biblioteket med domarna uträknade när sidan byggdes.",
            "<strong>Without the engine in the browser:</strong> how to run the same check on your own "
            "computer, and below that every case in the library with its verdicts, worked out when the page was built.",
        ),
        "how": (
            "Skriv ställningen och dragen som en fallfil (JSON; varje fall nedan visar sin fil) och kör:",
            "Write the position and the moves as a case file (JSON; every case below shows its file) and run:",
        ),
        "json": (
            "Lägg till <code>--json</code> för att få domarna som data. Slutkoden är 0 om alla regler godtar "
            "alla drag, 1 om någon regel underkänner ett drag och 2 om filen är felaktig. Bibliotekets fall "
            "följer med paketet, i mappen <code>skitgubbe/records/cases/</code>.",
            "Add <code>--json</code> to get the verdicts as data. The exit status is 0 if every rule set finds "
            "every move legal, 1 if some rule set refuses a move, and 2 if the file is faulty. The library's "
            "cases ship with the package, in the folder <code>skitgubbe/records/cases/</code>.",
        ),
        "file": ("mitt-fall.json", "my-case.json"),
    },
)
