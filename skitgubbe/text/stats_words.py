"""Words of the verdicts the statistics chapter draws from its numbers (`skitgubbe.studies.stats`)."""

from __future__ import annotations

from skitgubbe.text.phrases import PhraseBook
from skitgubbe.text.vocabulary import VOCABULARY

#: The sentences the chapter's conclusions are made of.
VERDICT: PhraseBook[str] = PhraseBook(
    "verdict",
    {
        "seat_forehand": VOCABULARY["forehand"],
        "seat_second": VOCABULARY["second_hand"],
        "seat_dealer": ("given", "the dealer"),
        "and": (" och ", " and "),
        "seat_more": (
            "{seats} förlorade klart oftare än vart tredje parti",
            "{seats} lost clearly more often than one game in three",
        ),
        "seat_less": ("{seats} klart mer sällan", "{seats} clearly less often"),
        "seat_less_first": (
            "{seats} förlorade klart mer sällan än vart tredje parti",
            "{seats} lost clearly less often than one game in three",
        ),
        "seat_none": (
            "Ingen plats skiljer sig klart från vart tredje parti.",
            "No seat differs clearly from one game in three.",
        ),
        "policy_never": ("att aldrig chansa", "never playing chansa"),
        "policy_eager": ("att chansa ofta", "playing chansa often"),
        "policy_always": ("att alltid chansa vid utspel", "always playing chansa when leading"),
        "chansa_more": ("{policies} gav klart fler förluster", "{policies} lost clearly more often"),
        "chansa_less": ("{policies} klart färre", "{policies} clearly less often"),
        "chansa_less_first": ("{policies} gav klart färre förluster", "{policies} lost clearly less often"),
        "chansa_none": (
            "Ingen av skillnaderna är större än att slumpen kan förklara den.",
            "None of the differences is larger than chance could explain.",
        ),
        "chansa_tail": (
            " än den förnuftiga spelarens sätt; de övriga skillnaderna är så små att slumpen kan förklara dem.",
            " than the sensible player's way; the other differences are small enough for chance to explain them.",
        ),
        "chansa_tail_all": (" än den förnuftiga spelarens sätt.", " than the sensible player's way."),
        "strong_less": (
            "Den starka spelaren förlorade alltså klart mer sällan än vart tredje parti.",
            "So the strong player lost clearly less often than one game in three.",
        ),
        "strong_more": (
            "Den starka spelaren förlorade alltså klart oftare än vart tredje parti.",
            "So the strong player lost clearly more often than one game in three.",
        ),
        "strong_none": (
            "Skillnaden mot vart tredje parti är inte större än att slumpen kan förklara den.",
            "The difference from one game in three is no larger than chance could explain.",
        ),
        "cap_none": (
            "Inget av de {n} partierna enligt `strikt` nådde taket, och inte heller något parti med de andra regeluppsättningarna.",
            "None of the {n} games under `strikt` reached the cap, and no game under the other rule sets did either.",
        ),
        "cap_others": (
            "Inget av de {n} partierna enligt `strikt` nådde taket, men {total} partier med de andra regeluppsättningarna gjorde det.",
            "None of the {n} games under `strikt` reached the cap, but {total} games under the other rule sets did.",
        ),
        "cap_some": (
            "Av de {n} partierna enligt `strikt` nådde {k} taket; med alla regeluppsättningarna tillsammans var det {total}.",
            "Of the {n} games under `strikt`, {k} reached the cap; under all the rule sets together, {total} did.",
        ),
    },
)
