"""A German translation that opens with a possessive gives it the ending of the noun after it: a model, weak or
strong, often writes the English "his" or "my" as the bare German form whatever the noun (the 30-minute model of both
directions: `His cat is sleeping on the sofa.` -> `Sein Katze schläft auf dem Sofa.`, `My parents live in the
country.` -> `Mein Eltern ...`).

    step = PossessiveEnding({"katze": "f"})
    step.reverse("Sein Katze schläft.", None)     # -> "Seine Katze schläft."
    step.reverse("Meine Hund bellt.", None)       # -> "Mein Hund bellt." (with "hund": "m")

A sentence's first words are its subject, in the nominative: "mein", "dein", "sein", "ihr", "unser", "euer" take no
ending before a masculine or neuter noun and "-e" before a feminine or a plural one ("euer" drops its "e": "eure").
Inside a sentence the case is not known, but a bare form before a feminine or plural noun is wrong in every case, so
it takes the "-e" of the nominative and accusative ("Was macht ihr Schwester?" -> "Was macht ihre Schwester?").
Only a possessive right before a noun whose gender the step knows (the corpus' German articles, lexicon.genders, and
a short list of everyday people and things below), and only those forms, are touched: "Seinen Hund sieht er.",
"Mein kleiner Hund" and "mit meine Hund" stay as written. Training pairs are not changed.

A term of the user's glossary reaches the model as a placeholder, so the model cannot see its gender and writes an
article of its own (the strong model, with dog -> Hund: `The dog plays.` -> `Die Hund spielt.`). Its fill knows the
gender of the term's last noun (`term_gender`, a `Gendered` fill of text/forms/masking.py), and the placeholders
step has the word right before it agree (`before_terms`): a possessive as above, and an article ("der", "die", "das",
"ein", "eine") at the sentence's start into the nominative ("Der Hund spielt."), and not "der" before a feminine
or plural noun, a dative or genitive there ("Der Katze gehört ..."). Inside a sentence an article or ein-word takes
the gender's form of the case its own form and a preposition before it leave, where they leave one
(text/forms/articles.py: "Ich brauche einen <P>" -> "eine" before "Quittung", "zum <P>" -> "zur" before "Apotheke");
where they leave several, it stays as the model wrote it ("Ich sehe die Hund": "den" or "der"). One or two adjectives
between the determiner and the placeholder take the ending of that case with it, where their own endings leave it
too ("Wir brauchen eine neue <P>" -> "einen neuen" before "Kühlschrank"; `adjectives_agreeing`). Where they leave
one case, the fill takes its ending (text/forms/articles.py's `declined`): a weak masculine of the everyday table
outside the nominative ("mit einem <P>" -> "Kollegen", not "Kollege"), a plural in the dative ("mit den <P>" ->
"Kabeln"); the table's form elsewhere.
"""
from __future__ import annotations

import re

from text.forms.articles import (CONTRACTED, DEFINITE, ENGLISH, ENGLISH_PREPOSITIONS, LAST_WORD, agreed, declined,
                                 forms, settled, supplying)
from text.forms.everyday_nouns import weak
from text.forms.masking import PLACEHOLDERS, EnglishNoun, Gendered
from text.step import Step
from text.steps.first_capital import start

# "p": a plural; the everyday nouns a user's sentence opens with after a possessive, which captions seldom hold
EVERYDAY = {"eltern": "p", "großeltern": "p", "geschwister": "p", "freunde": "p", "nachbarn": "p", "leute": "p",
            "vater": "m", "bruder": "m", "sohn": "m", "onkel": "m", "opa": "m", "großvater": "m", "freund": "m",
            "nachbar": "m", "chef": "m", "lehrer": "m", "mann": "m", "hund": "m", "mutter": "f", "schwester": "f",
            "tochter": "f", "tante": "f", "oma": "f", "großmutter": "f", "freundin": "f", "nachbarin": "f",
            "chefin": "f", "lehrerin": "f", "frau": "f", "familie": "f", "katze": "f", "wohnung": "f", "kind": "n",
            "baby": "n", "haus": "n", "zimmer": "n", "auto": "n", "fahrrad": "n", "handy": "n"}
POSSESSIVE = re.compile(r"(mein|dein|sein|ihr|unser|eue?r)(e?)", re.IGNORECASE)
INSIDE = re.compile(r"(?<!\w)((?:mein|dein|sein|ihr|unser|eue?r)e?)( )(\w+)", re.IGNORECASE)
# the nominative articles of each gender, definite and indefinite (a plural has none of the second); and the one form
# that is right at a sentence's start in another case ("Der Katze gehört es.": a dative)
NOMINATIVE = {g: (DEFINITE[g][0], (forms("ein", g) or (None,))[0]) for g in DEFINITE}
OTHER_CASE = {"f": "der", "p": "der"}
# any form of an article or possessive: a glossary target that opens with one brings its own
DETERMINER = re.compile(r"d(?:er|ie|as|en|em|es)|(?:k?ein|mein|dein|sein|ihr|unser|eue?r)(?:e[mnrs]?)?",
                        re.IGNORECASE)
# an article or ein-word, a preposition and an article as one word too, before one or two adjectives (before_terms)
ARTICLE = rf"(?i:(?:{DETERMINER.pattern}|{'|'.join(CONTRACTED)})(?!\w))"
# an English word that may be a plural ("girls" -> "Mädchen", plural "die Mädchen" too); "bus", "glass" are not
PLURAL = re.compile(r".*[^su]s", re.IGNORECASE)
LETTERS = re.compile(r"[^\W\d_]+")
# an English word whose article is "an" by its first sound ("an email", "a username", "a one-way ticket", "a
# university"), an abbreviation read letter by letter by its first letter's name ("an X-ray", "an HDMI cable", "a TV",
# "a SIM card": "SIM" is read as a word)
AN = re.compile(r"(?i:(?!one\b|one-|eu|uni|uti|us)[aeiou])|(?:[FHLMNRX]|S(?!IM))(?=[A-Z-])")
# a German article before a noun, and the English one
GERMAN_ARTICLES = {**dict.fromkeys([*DEFINITE["m"], *DEFINITE["f"], *DEFINITE["n"], *CONTRACTED], "the"),
                   **dict.fromkeys([*forms("ein", "m"), *forms("ein", "f"), *forms("ein", "n")], "a")}
# nouns English writes without an article after a preposition ("to school", "at work", "in bed")
BARE = frozenset("school work bed church class college university home town breakfast lunch dinner".split())


def agreeing(word: str, gender: str, opening: bool, everyday: bool = False, subject: bool = False) -> str:
    """`word` as it agrees with the noun of `gender` ("m", "f", "n", "p") right after it; `word` itself where it is
    no determiner this rule reads, or where its case is not clear. `opening`: the word starts the sentence.
    A possessive: at the start both ways; inside only a bare form before a feminine or plural noun ("mit ihr
    Schwester" -> "mit ihre Schwester"), which is wrong in every case; "meine Hund" may be a dative's "meinem", so it
    stays; "ihr" only before an `everyday` noun, a person or a pet, as it is also "to her" before a noun without
    article ("Er gibt ihr Blumen."). An article: at the start only, into the nominative; "der" before a feminine or
    plural noun only where the source says it is the `subject` (a dative's "Der Katze gehört ..." elsewhere)."""
    m = POSSESSIVE.fullmatch(word)
    low = word.lower()
    if m is not None:
        bare = not m.group(2) and m.group(1).lower() != "eur"
        pronoun = m.group(1).lower() == "ihr" and not everyday    # "Er gibt ihr Blumen.": "to her"
        if not (opening or (gender in "fp" and bare and not pronoun)):
            return word
        stem, plural_form = m.group(1).lower(), gender in "fp"
        if stem in ("euer", "eur"):
            written = "eure" if plural_form else "euer"
        else:
            written = stem + ("e" if plural_form else "")
    elif opening and low in ("der", "die", "das") and (subject or low != OTHER_CASE.get(gender)):
        written = NOMINATIVE[gender][0]
    elif opening and low in ("ein", "eine") and NOMINATIVE[gender][1] is not None:
        written = NOMINATIVE[gender][1]
    else:
        return word
    return (word[0] + written[1:]) if word[0].isupper() else written


def before_terms(output: str, fills: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
    """The (masked) output with the word right before each `Gendered` fill's placeholder agreeing with its gender,
    and an "a" or "an" before an `EnglishNoun` fill's with its first sound ("a email" -> "an email"); and the fills,
    each `Gendered` one in the case that word leaves it, where it leaves one (`declined`: "mit einem <P>" ->
    "Kollegen", "mit den <P>" -> "Kabeln"), as the table writes it elsewhere."""
    opening, cased = start(output), list(fills)
    for k, value in enumerate(fills[:len(PLACEHOLDERS)]):
        gender, lead = getattr(value, "gender", ""), getattr(value, "lead", ())
        subject = lead[:1] == ("",) and lead[-1] in ENGLISH    # the source's noun opens its clause with a determiner
        cases: list[frozenset[str]] = []         # the case the word before the placeholder leaves, where it leaves one
        if isinstance(value, EnglishNoun):
            written = indefinite(value)
            output = re.sub(rf"(?<!\w)(?i:an?)(?= {PLACEHOLDERS[k]})",
                            lambda m: written.title() if m.group()[0].isupper() else written, output)
        if gender:
            output = re.sub(rf"(?:(?<!\w)(\w+) )?(?<!\w)({ARTICLE})((?: (?!{ARTICLE} )[a-zäöüß]+e[mnrs]?){{1,2}})"
                            rf"(?= {PLACEHOLDERS[k]})",
                            lambda m: adjectives_agreeing(m, gender, opening, output[opening:m.start(2)], cases),
                            output)
            output = re.sub(rf"(?:(?<!\w)(\w+) )?(?<!\w)(\w+)(?= {PLACEHOLDERS[k]})",
                            lambda m: agreeing_term(m, gender, opening, output[opening:m.start(2)], subject, cases),
                            output)
        at = output.find(PLACEHOLDERS[k])
        if lead and at >= opening:        # the source's article, where the model wrote none
            made = supplying(lead, gender, output[opening:at]) if gender else None
            upto = made[0] if made else english_article(value, output[opening:at]) \
                if isinstance(value, EnglishNoun) else None
            cases += [frozenset({made[1]})] if made else []
            output = output if upto is None else output[:opening] + upto + output[at:]
        settled_cases = next((c for c in cases if c), frozenset())
        if settled_cases:
            cased[k] = Gendered(declined(value, gender, settled_cases, weak(value)), gender, lead)
    return output, tuple(cased)


def english_article(noun: str, upto: str) -> str | None:
    """`upto`, an English translation's sentence up to an everyday noun, with "the" or "a"/"an" added after a
    preposition it ends in, where the German source had an article before the noun (`noun.lead`: "im", "einem")
    and the model wrote none ("Ein Mann arbeitet im Keller." -> "A man works in basement." -> "in the basement");
    not before a noun English writes bare there ("zur Schule" -> "to school"). Where the noun opens the translation
    (`upto` is ""), the source's article alone, not one a preposition is written in ("Eine Kellnerin steht ..." ->
    "Waitress stands ..." -> "A waitress stands ...": the noun keeps its own case, "The ATM"). None elsewhere."""
    article = GERMAN_ARTICLES.get(noun.lead[-1])
    article = indefinite(noun) if article == "a" else article
    if upto == "" and article is not None and noun.lead[-1] not in CONTRACTED and noun.lower() not in BARE:
        return article.title() + " "
    last = LAST_WORD.search(upto)
    if article is None or last is None or last.group(1).lower() not in ENGLISH_PREPOSITIONS or noun.lower() in BARE:
        return None
    return upto + article + " "


def indefinite(noun: str) -> str:
    """The English indefinite article before `noun`, by its first sound (AN): "a" or "an"."""
    return "an" if AN.match(noun) else "a"


def agreeing_term(m: re.Match, gender: str, opening: int, opened: str, subject: bool = False,
                  cases: list | None = None) -> str:
    """A match of the word before a placeholder (group 1, if any) and the word right before it (group 2) with the
    second agreeing with the term's `gender`: at the sentence's start `agreeing`'s nominative; inside, a determiner
    whose form and preposition, or the pronoun and verb that open the sentence (`opened`, the sentence up to it),
    leave one case (text/forms/articles.py: "Ich brauche einen <P>" -> "eine" before "Quittung", "mit der <P>" ->
    "mit dem" before "Akku"), or a bare possessive `agreeing` mends. `subject`: the source's noun opens its clause
    after a determiner ("The pharmacy is ...": "Der <P> ist ..." -> "Die Apotheke", no dative). `cases`, where given,
    takes the cases a determiner inside leaves (`settled`)."""
    before, word = m.group(1) or "", m.group(2)
    if m.start(2) == opening:
        return m.group()[:m.start(2) - m.start()] + agreeing(word, gender, True, subject=subject)
    if cases is not None:
        cases.append(settled(before, word, gender, opened))
    new = agreed(before, word, gender, opened)
    if new is not None:
        return new
    return m.group()[:m.start(2) - m.start()] + agreeing(word, gender, False)


def adjectives_agreeing(m: re.Match, gender: str, opening: int, opened: str, cases: list | None = None) -> str:
    """A match of the word before a determiner (group 1, if any), the determiner (group 2) and the one or two
    adjectives between it and a placeholder (group 3, each after a space), all agreeing with the term's `gender`
    in the one case they leave (text/forms/articles.py: "brauchen eine neue <P>" -> "brauchen einen neuen" before
    "Kühlschrank"; at the sentence's start the nominative: "Die neue <P>" -> "Der neue"); as written elsewhere.
    `cases`, where given, takes the cases they leave (`settled`)."""
    first = m.start(2) == opening
    read = ("" if first else m.group(1) or "", m.group(2), gender, None if first else opened, tuple(m.group(3).split()))
    if cases is not None:
        cases.append(settled(*read))
    new = agreed(*read)
    if new is None:
        return m.group()
    return m.group()[:m.start(2) - m.start()] + new if first or m.group(1) is None else new


class PossessiveEnding(Step):
    def __init__(self, genders: dict[str, str]):
        """genders: lowercase German noun -> "m", "f" or "n" (a plural counts as "f": "die Hunde")."""
        self.genders = {**genders, **EVERYDAY}

    def reverse(self, output: str, state) -> str:
        k = start(output)
        return INSIDE.sub(lambda m: self.mended(m, opening=m.start() == k), output)

    def mended(self, m: re.Match, opening: bool) -> str:
        """The possessive with its noun's ending (`agreeing`), where the step knows the noun's gender."""
        noun = m.group(3)
        gender = self.genders.get(noun.lower()) if noun[:1].isupper() else None
        if gender is None:
            return m.group()
        return agreeing(m.group(1), gender, opening, noun.lower() in EVERYDAY) + m.group(2) + noun

    def term_gender(self, source: str, target: str) -> str:
        """The gender of a glossary term's German target: its last word's (a compound's last part's), a noun the step
        knows; "" where that is not known, where the target opens with an article or possessive of its own, or where
        the (English) source term may be a plural ("girls" -> "Mädchen", whose article is "die" then too)."""
        words, said = LETTERS.findall(target), LETTERS.findall(source)
        if not words or not words[-1][:1].isupper() or DETERMINER.fullmatch(words[0]) or \
                (said and PLURAL.fullmatch(said[-1])):
            return ""
        return self.genders.get(words[-1].lower(), "")
