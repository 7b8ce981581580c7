"""German determiners by gender and case, and one the model wrote before a noun it could not see (a placeholder)
made to agree with that noun's gender, where the form it wrote and the preposition before it leave one case.

    agreed("", "einen", "f")       -> "eine"        # "Ich brauche einen <P>." with "Quittung": accusative
    agreed("", "meine", "n")       -> "mein"        # "Wo ist meine <P>?" with "Ladegerät": nominative or accusative
    agreed("mit", "der", "m")      -> "mit dem"     # "mit" takes the dative
    agreed("", "zum", "f")         -> "zur"         # "zu" + "dem": dative
    agreed("in", "den", "n")       -> "ins"         # "den": accusative, as "in" + "das" is written
    agreed("brauche", "einen", "f") -> "brauche eine"    # a word before that is no preposition says nothing
    agreed("", "der", "m")         -> None          # "der": nominative, dative or genitive, no one case
    agreed("habe", "eine", "m", "Ich habe ") -> "habe einen"    # a pronoun's verb's object: no nominative
    agreed("brauchen", "eine", "m", "Wir brauchen ", ("neue",)) -> "brauchen einen neuen"   # and its adjectives
    declined("Kollege", "m", settled("mit", "einer", "m"), "n") -> "Kollegen"   # the noun's case: a weak noun's
    declined("Kabel", "p", settled("mit", "den", "p")) -> "Kabeln"               # a plural's dative

The model's form says the case it meant, not the gender: every case in which some gender of the noun's number
writes that form ("den": a masculine's accusative; "der": a masculine's nominative, a feminine's dative or genitive)
is a case it may have meant, and a preposition before it keeps only its own ("mit": the dative). The determiner is
rewritten only where all those cases give the noun's gender one form. A singular noun's determiner is read as a
singular's ("den" is no plural's dative before "Quittung"), a plural's as any, and a plural takes no "ein".
An adjective or two between them ("eine neue <P>") narrow the cases to those in which they too have the ending they
have after that determiner (weak after "der", mixed after an ein-word: "der nächste" is a masculine's nominative, not
a feminine's dative) and take the noun's gender's ending with it ("einen neuen Kühlschrank"); only a lowercase word
of an adjective's ending whose stem is kept as written ("teure" -> "teuren", "dunkle" -> "dunklen"). Where the
model's one adjective fits none of the cases left inside a sentence ("neben der neue <P>"), the determiner's count
("der neuen"); two that fit none stay ("ein sauber gemachtes": the first may be an adverb), and so does a sentence's
opening determiner and adjective of no nominative ("Der neuen <P> gehört es": a dative).
The noun itself, which the table writes in the nominative, takes the ending of the case they leave where that is one
form (`declined`): a weak masculine's "-n" or "-en" outside the nominative singular, a plural's dative "-n".
"""
from __future__ import annotations

import re

from text.forms.lexicon import typed_as

CASES = ("nom", "acc", "dat", "gen")
DEFINITE = {"m": ("der", "den", "dem", "des"), "f": ("die", "die", "der", "der"), "n": ("das", "das", "dem", "des"),
            "p": ("die", "die", "den", "der")}
# "ein", "kein" and the possessives take one ending per gender and case ("" for none); "ein" has no plural
ENDINGS = {"m": ("", "en", "em", "es"), "f": ("e", "e", "er", "er"), "n": ("", "", "em", "es"),
           "p": ("e", "e", "en", "er")}
STEMS = ("ein", "kein", "mein", "dein", "sein", "unser", "euer")      # not "ihr": "to her" too ("Er gibt ihr Blumen.")
PREPOSITION_CASES = {**dict.fromkeys("mit bei von zu aus nach seit gegenüber außer".split(), {"dat"}),
                     **dict.fromkeys("für durch ohne gegen um".split(), {"acc"}),
                     **dict.fromkeys("in an auf über unter vor hinter neben zwischen".split(), {"dat", "acc"})}
# a preposition and a definite article written as one word, and the two it stands for
CONTRACTED = {"zum": ("zu", "dem"), "zur": ("zu", "der"), "im": ("in", "dem"), "am": ("an", "dem"),
              "vom": ("von", "dem"), "beim": ("bei", "dem"), "ins": ("in", "das"), "ans": ("an", "das")}
CONTRACTION = {pair: word for word, pair in CONTRACTED.items()}
# an English determiner and the German one's stem ("d": the definite article), for one the model left out
ENGLISH = {"the": "d", "a": "ein", "an": "ein", "my": "mein", "your": "dein", "his": "sein", "her": "ihr",
           "our": "unser", "their": "ihr"}
LAST_WORD = re.compile(r"(?<!\w)(\w+) $")
ENGLISH_PREPOSITIONS = frozenset("in at on to from with for by of into onto near under behind inside outside "
                                 "through without about around".split())
# a sentence's opening pronoun and its verb: a form of "sein", "werden", "bleiben" or "heißen" names its subject again
# ("Das ist eine <P>": the nominative), any other verb takes an object ("Ich habe eine <P>": no nominative)
PRONOUN = r"(?i:ich|du|er|sie|es|wir|ihr|man|das|dies)"
COPULA = (r"(?i:bin|bist|ist|sind|seid|war|warst|waren|wart|werde|wirst|wird|werden|werdet|wurde|wurden|bleibe|"
          r"bleibst|bleibt|bleiben|heiße|heißt|heißen)")
NAMING = re.compile(rf"{PRONOUN} {COPULA} ")
OBJECT = re.compile(rf"{PRONOUN} (?!{COPULA}\b)[^\W\d_]+ ")
# an adjective's ending by gender and case after a definite article (weak) and after an ein-word (mixed)
WEAK = {"m": ("e", "en", "en", "en"), "f": ("e", "e", "en", "en"), "n": ("e", "e", "en", "en"), "p": ("en",) * 4}
MIXED = {**WEAK, "m": ("er", "en", "en", "en"), "n": ("es", "es", "en", "en")}
ADJECTIVE = re.compile(r"([a-zäöüß]{2,}?)(e[mnrs]?)")      # its stem as written and its ending: "teur" + "en"
# words of that shape that are no adjective, or take no ending ("ein bisschen", "ein immer neuer", "ein super")
NO_ADJECTIVE = frozenset("immer wieder aber oder über unter hinter hier eben oben unten morgen bisschen sieben super "
                         "orange beige klasse spitze weniger mehrere".split())
# a plural that takes an "n" in the dative ("den Kabeln", "den Kindern", "den Ladegeräten")
DATIVE_N = re.compile(r"(?:e|el|er)$")


def forms(stem: str, gender: str) -> tuple[str, ...] | None:
    """A determiner's four cases for a gender: the definite article's (stem "d"), or an ein-word's; None for none
    ("ein" has no plural)."""
    if stem == "d":
        return DEFINITE[gender]
    if stem == "ein" and gender == "p":
        return None
    return tuple(("eur" + e if e else "euer") if stem == "euer" else stem + e for e in ENDINGS[gender])


def stem_of(word: str) -> str | None:
    """"d" for a definite article, an ein-word's stem, None for any other word."""
    if word in DEFINITE["m"] + DEFINITE["f"] + DEFINITE["n"]:
        return "d"
    return next((s for s in STEMS if word in forms(s, "m") + forms(s, "f") + forms(s, "n")), None)


def settled(before: str, word: str, gender: str, opened: str | None = "",
            adjectives: tuple[str, ...] = ()) -> frozenset[str]:
    """The cases `word` (a determiner, or a preposition and an article as one word) may stand in before a noun of
    `gender` ("m", "f", "n"; "p": a plural) right after it or after its `adjectives`, the word `before` it ("" for
    none) read for its case, and the sentence up to `word` (`opened`; None where `word` opens it: its subject, the
    nominative) for whether it names a pronoun (NAMING) or is its verb's object (OBJECT); only where they all give
    the noun's gender one determiner and ending (`agreed`), none elsewhere ("mit einem" -> {"dat"}, "die" before a
    feminine -> {"nom", "acc"}, "in den" before a plural -> none: "in die" or "in den")."""
    low = word.lower()
    preposition, article = CONTRACTED.get(low, (before.lower(), low))
    stem = stem_of(article)
    parts = [ADJECTIVE.fullmatch(a) if a not in NO_ADJECTIVE else None for a in adjectives]
    if stem is None or (gender == "p" and stem == "ein") or not all(parts):
        return frozenset()
    endings = WEAK if stem == "d" else MIXED
    readings = ("m", "f", "n", "p") if gender == "p" else ("m", "f", "n")
    said = [(case, g, k) for g in readings for k, (case, form) in enumerate(zip(CASES, forms(stem, g) or ()))
            if form == article]
    context = PREPOSITION_CASES.get(preposition, {"nom"} if opened is None or NAMING.fullmatch(opened) else
                                    {"acc", "dat"} if OBJECT.fullmatch(opened) else set(CASES))
    cases = {case for case, g, k in said if all(part.group(2) == endings[g][k] for part in parts)} & context
    if not cases and len(parts) == 1 and opened is not None:     # an adjective that fits no case left: the determiner's
        cases = {case for case, g, k in said} & context
    written = {(forms(stem, gender)[CASES.index(case)], endings[gender][CASES.index(case)]) for case in cases}
    return frozenset(cases) if len(written) == 1 else frozenset()


def agreed(before: str, word: str, gender: str, opened: str | None = "",
           adjectives: tuple[str, ...] = ()) -> str | None:
    """`word` (a determiner, or a preposition and an article as one word) made to agree with a noun of `gender`
    in the one case, or cases of one form, it leaves (`settled`, which reads the same arguments): what replaces
    `before`, `word` and the adjectives (`before` left out where it is ""), or None where no change is sure or
    needed."""
    cases = settled(before, word, gender, opened, adjectives)
    if not cases:
        return None
    low = word.lower()
    preposition, article = CONTRACTED.get(low, (before.lower(), low))
    stem, k = stem_of(article), CASES.index(min(cases))
    parts = [ADJECTIVE.fullmatch(a) for a in adjectives]
    new, ending = forms(stem, gender)[k], (WEAK if stem == "d" else MIXED)[gender][k]
    if new == article and all(part.group(2) == ending for part in parts):
        return None
    tail = "".join(f" {part.group(1)}{ending}" for part in parts)
    if new == article:                                        # the adjectives' endings only
        return (f"{before} {word}" if before else word) + tail
    if low in CONTRACTED:                                     # "zum" -> "zur", "im" -> "in der"
        new = typed_as(word, CONTRACTION.get((preposition, new)) or f"{preposition} {new}")
    elif preposition in PREPOSITION_CASES:                    # "in den" -> "ins", "mit der" -> "mit dem"
        joined = CONTRACTION.get((preposition, new))
        return (typed_as(before, joined) if joined else f"{before} {typed_as(word, new)}") + tail
    else:
        new = typed_as(word, new)
    return (f"{before} {new}" if before else new) + tail


def declined(noun: str, gender: str, cases: frozenset[str], weak: str = "") -> str:
    """A noun written as the table writes it (the nominative) in the one form the `cases` give it (`settled`'s): a
    weak masculine's (`weak`: its ending, text/forms/everyday/noun.py) outside the nominative ("Kollege" -> "den
    Kollegen", "Benutzername" -> "des Benutzernamens"), a plural's dative's "n" after "-e", "-el", "-er" ("mit den
    Kabeln", "Quittungen" and "Autos" take none); as written where the cases leave it two forms or none."""
    made = {case_form(noun, gender, case, weak) for case in cases}
    return made.pop() if len(made) == 1 else noun


def case_form(noun: str, gender: str, case: str, weak: str = "") -> str:
    """`declined`'s form of one case."""
    if gender == "m" and weak and case != "nom":
        return noun + (weak if case == "gen" else weak.rstrip("s"))
    if gender == "p" and case == "dat" and DATIVE_N.search(noun):
        return noun + "n"
    return noun


def supplied(lead: tuple[str, ...], gender: str, upto: str) -> str | None:
    """`supplying`'s text alone."""
    made = supplying(lead, gender, upto)
    return made and made[0]


def supplying(lead: tuple[str, ...], gender: str, upto: str) -> tuple[str, str] | None:
    """Where the model wrote no determiner before a noun of `gender` whose English source had one (`lead`, the
    source's two words before the noun, lowercase: ("in", "the")): `upto`, the translation's sentence up to the
    noun, with the German one added, in the case of the preposition `upto` ends in (a two-way one's dative, its
    accusative after "into", "onto") or, after an opening pronoun and its verb (OBJECT) where the source has no
    preposition the model left out, the accusative ("in" + "Bäckerei" -> "in der", "Ich finde" + "Ladegerät" ->
    "Ich finde das"; "in dem" is written "im"). Where the noun opens the translation (`upto` is "") and no preposition
    is before the source's determiner, its nominative: the sentence's subject ("The waitress is ..." + "Kellnerin" ->
    "Die "). Each with the case of the determiner added ("dat" after "in" for "in the"); None elsewhere."""
    stem = ENGLISH.get(lead[-1]) if lead else None
    if upto == "" and stem is not None and lead[0] not in ENGLISH_PREPOSITIONS and forms(stem, gender):
        return forms(stem, gender)[0].capitalize() + " ", "nom"
    last = LAST_WORD.search(upto)
    if stem is None or (stem == "ein" and gender == "p") or last is None:
        return None
    word = last.group(1).lower()
    if stem_of(word) or word in CONTRACTED:
        return None                               # the model wrote one
    cases = PREPOSITION_CASES.get(word) or \
        ({"acc"} if OBJECT.fullmatch(upto) and lead[0] not in ENGLISH_PREPOSITIONS else None)
    if cases is None:
        return None
    case = "acc" if len(cases) > 1 and lead[0] in ("into", "onto") else "dat" if len(cases) > 1 else min(cases)
    new = forms(stem, gender)[CASES.index(case)]
    joined = CONTRACTION.get((word, new)) if stem == "d" and word in PREPOSITION_CASES else None
    if joined:
        return upto[:last.start(1)] + typed_as(last.group(1), joined) + " ", case
    return upto + new + " ", case
