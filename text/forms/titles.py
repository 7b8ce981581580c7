"""Names in context: a capitalized word after a title or a naming word is a name, kept as written even where it is a
common noun ("Herr Bauer", "Frau Fischer", "Familie Koch", "ein Hund namens Wolf"; "Mr Baker", "a dog named Rose"),
and the title comes with it in the target's words, so no model can translate the name or lose the title:

    German -> English   "Herr Bauer" -> "Mr. Bauer", "Frau Becker" -> "Ms. Becker" (Frau says nothing of marriage),
                        "Herr Dr. Weber" -> "Dr. Weber", "(die) Familie Koch" -> "the Koch family"
    English -> German   "Mr Baker" -> "Herr Baker" ("Herrn Baker" after a preposition or verb), "Mrs/Ms/Miss Smith"
                        -> "Frau Smith", "Dr. Smith" -> "Dr. Smith", "the Smith family" -> "Familie Smith"
    a couple            "Mr. and Mrs. Smith" <-> "Herr und Frau Smith"
    both                "heißt Wolf", "he called Frisbee": the name alone; "namens Bello" <-> "named Bello",
                        "a dog called Bello" -> "namens Bello", "genannt Wolf" -> "called Wolf" with their naming word
                        ("they named him Max": a verb); "is named Rex" -> "heißt Rex"
    a possessive        "Tom's brother" -> "Toms", "Max's new bike" -> "Max'" (German writes no apostrophe but
                        after s, ß, x, z: a model copied "Tom's Bruder"), before a noun of the corpus or an
                        adjective and one; "Tom's playing" (Tom is) and a name the corpus copies ("Wendy's") stay;
                        back, "Lisas Hund" -> "Lisa's", but not a name that ends in s itself ("Jonas", "Klaus",
                        "Boris": a stem in e, i, o, u, and the common ones in -as, -ns, -ls, -rs); a kin word
                        as the German one's ("Grandma's cookies" -> "Omas", "Dad's" -> "Papas")
    a list              "Anna, Ben and Clara", "Tom und Mia": a capitalized word joined to a name by a comma, "and"
                        or "or" is one too (the corpus writes "ben" and "mia" in lowercase; a model wrote "Anna, Ben
                        and Clara are playing soccer." as "Anna, bzw. Clara spielen Fußball.")

"Herr" and "Frau" are titles only where no article, determiner or inflected adjective stands before them: "eine
Frau Gitarre spielt" is a woman playing guitar (Multi30K has such lines, never a titled one). After "die Familie",
and in "the X family", a word the corpus knows is no name ("die Familie Essen kocht"), one it lacks is, even one that
looks like a German word ("die Familie Müller", "die Familie Schneider": Names.surname); in English only a word the
corpus itself writes capitalized is none ("the Asian family").
"""
from __future__ import annotations

import re
from typing import Callable

from text.forms.masking import Span, merge
from text.forms.sentence_ends import BEFORE_SENTENCE, OPENING_WORDS

NAME = r"[A-ZÄÖÜ][^\W\d_]*(?:['’-][^\W\d_]+)*"
# a German doctor's field after the title, which English leaves out ("Dr. med. Klein" -> "Dr. Klein")
FIELDS = r"(?:(?:med|dent|vet|phil|jur|rer\. ?nat|rer\. ?pol|theol|h\. ?c|habil)\. ?)*"
ACADEMIC = {"de": rf"(?:(?:Dr\. ?{FIELDS}|Prof\. ?))+", "en": r"(?:(?:Dr|Prof)(?:\. ?| ))+"}
# the small word before a surname, lowercase in both languages ("Herr von Weizsäcker" -> "Mr. von Weizsäcker")
PARTICLE = r"(?:(?:von und zu|von der|von dem|van der|van den|von|van|de) )?"
TITLE = {"de": re.compile(rf"\b(?:(?P<article>[Dd](?:ie|er|en|em)) +(?=Familie))?"
                          rf"(?:(?P<title>Herrn?|Frau|Familie|Hr\.|Fr\.) +(?P<academic>{ACADEMIC['de']})?|"
                          rf"(?P<academic2>{ACADEMIC['de']}))(?P<name>{PARTICLE}{NAME})"
                          rf"(?: (?P<second>{NAME}))?"),
         "en": re.compile(rf"\b(?:(?P<title>Mr|Mrs|Ms|Miss)(?:\. ?| )(?P<academic>{ACADEMIC['en']})?|"
                          rf"(?P<academic2>{ACADEMIC['en']}))(?P<name>{PARTICLE}{NAME})(?: (?P<second>{NAME}))?")}
FAMILY_EN = re.compile(rf"\b[Tt]he (?P<name>{NAME}) family\b")
# a couple under one name: "Mr. and Mrs. Smith" / "Herr und Frau Müller"
COUPLE = {"de": re.compile(rf"\bHerr und Frau (?P<name>{NAME})(?: (?P<second>{NAME}))?"),
          "en": re.compile(rf"\bMr\.? and Mrs\.? (?P<name>{NAME})(?: (?P<second>{NAME}))?")}
COUPLE_TITLES = {"de": "Herr und Frau", "en": "Mr. and Mrs."}
NAMING = {"de": re.compile(rf"\b(?P<naming>namens|heißt|hieß|genannt) (?P<name>{NAME})(?: (?P<second>{NAME}))?"),
          "en": re.compile(rf"\b(?P<naming>named|called) (?P<name>{NAME})(?: (?P<second>{NAME}))?")}
# a naming word that is no verb of the sentence comes with the name, in the other language's word ("a man named
# Oliver" -> "ein Mann namens Oliver": a model wrote "Ein Mann named Oliver"); English "called" may be a call, and
# names only after a noun an indefinite article opens ("a dog called Max" -> "ein Hund namens Max": a model wrote
# "Ein Hund ruft Max"; but "The teacher called Anna")
NAMED = {"de": {"namens": "named", "genannt": "called"}, "en": {"named": "namens", "called": "namens"}}
CALLED_NAMES_AFTER = re.compile(r"(?<![\w'’-])(?i:a|an)(?: [a-z]+(?:-[a-z]+)?){1,3} $")
# ... but a call where a time of it follows the name ("A man called Max yesterday." -> a model wrote "Ein Mann namens
# Max gestern.": no verb left)
A_CALL_WHEN = re.compile(r" (?:yesterday|today|tonight|again|back|earlier|twice|at \d|(?:this|last|every|on) "
                         r"(?:morning|afternoon|evening|night|week|day|monday|tuesday|wednesday|thursday|friday|"
                         r"saturday|sunday)\b)", re.IGNORECASE)
# after these a naming word is the sentence's verb ("they named him Max", "he was named Tom")
A_VERB_AFTER = re.compile(r"\b(?i:i|you|he|she|we|they|it|who|was|were|is|are|be|been|being|has|have|had) $")
# ... and "is named" is German's "heißt" ("My dog is named Rex." -> "Mein Hund namet Rex.": "named" left to the model)
IS_NAMED = {"en": (re.compile(r"\b(?i:(is|are)) $"), {"is": "heißt", "are": "heißen"})}
# kin and ranks before a name, in the other language's word ("Uncle Bob" -> "Onkel Bob": a model kept "Uncle";
# "Captain Smith" came back as "Caper Smith"); German's name must be a name or a word the corpus lacks ("weil Oma
# Kuchen backt": a noun)
KIN_TITLES = [("Onkel", "Uncle"), ("Tante", "Aunt"), ("Oma", "Grandma"), ("Opa", "Grandpa"), ("Kapitän", "Captain"),
              ("Professorin", "Professor"), ("Professor", "Professor"), ("König", "King"), ("Königin", "Queen"),
              ("Prinz", "Prince"), ("Prinzessin", "Princess")]
KIN_TITLE = {lang: re.compile(rf"(?<![\w-])(?P<title>{'|'.join(pair[side] for pair in KIN_TITLES)}) (?P<name>{NAME})"
                              rf"(?: (?P<second>{NAME}))?")
             for side, lang in enumerate(("de", "en"))}
KIN_WORDS = {"de": {de: en for de, en in KIN_TITLES}, "en": {en: de for de, en in KIN_TITLES}}
# a capitalized word inside a sentence right before such a title makes it part of a name: "Martin Luther King Jr."
# (its "King" came back as "König")
IN_A_NAME = re.compile(rf"[\w,;]\s+{NAME} $")
# after which such a title is part of a place's name ("a Prince St. Cafe", "King Street")
PLACES = set("St Street Str Straße Road Rd Avenue Ave Allee Square Platz Park Hotel Cafe Café Bar Pub".split())
TO_ENGLISH = {"Herr": "Mr.", "Herrn": "Mr.", "Frau": "Ms.", "Hr.": "Mr.", "Fr.": "Ms."}   # "Hr. Schmidt": was "Hr"
# "Fr." is Friday too: not after a word that names a day, nor before a word that opens a sentence ("am Fr. Dann ...")
DAY_BEFORE = re.compile(r"\b(?i:am|bis|ab|vom|zum|seit|jeden|nächsten|letzten|kommenden)\s+$")
TO_GERMAN = {"Mr": "Herr", "Mrs": "Frau", "Ms": "Frau", "Miss": "Frau"}
# what stands before a common noun "Frau"/"Herr", never before a title: a determiner, an article, or an inflected
# adjective ("jungen", "älterer"), and what ends like one but is none
DETERMINERS = set("das ein kein mein dein sein ihr euer manch welch solch zwei drei vier fünf sechs sieben acht neun "
                  "zehn elf zwölf".split())
ARTICLES = set("die der den dem des eine einer einen einem eines".split())
ADJECTIVE_ENDINGS = ("e", "en", "er", "es", "em")
SALUTING = ("geehrte", "geehrter")          # a letter's "Sehr geehrte(r)"
FIRST_PERSON = re.compile(r"(?<![\w-])[Ii]ch +[^\W\d_]+e +$")   # "ich" and its verb right before the title
NO_ADJECTIVES = set("neben gegen zwischen hinter unter über wider entgegen ohne gegenüber außer oder aber wieder "
                    "hier immer nachher vorher später sie wie nie habe hatte wurde würde werde sollte könnte "
                    "möchte".split())
LIST_JOIN = re.compile(r", ?|,? (?:and|or|und|oder|sowie) |,? ?& ?")     # between two names of a list
LIST_WORD = re.compile(rf"(?<![\w'’-]){NAME}(?![\w'’-])")
# what a list of names holds that is no name: the words of a family a sentence names as it names people
KIN = set("mom mum mommy mummy dad daddy grandma grandpa granny mama papa mami papi mutti vati oma opa omi opi".split())
# before an English title: the title is the subject ("Herr"); after any other lower-case word, an object ("Herrn")
SUBJECT_BEFORE = set("and or but that when while because as if then now today yesterday also so".split())


def before(text: str, start: int) -> str:
    """The word right before `start` with nothing but spaces between; "" where there is none."""
    m = re.search(r"([^\W\d_]+) +$", text[:start])
    return m.group(1) if m else ""


def a_title(text: str, start: int, lexicon) -> bool:
    """Whether "Herr", "Frau" or "Familie" at `start` is a title: no article, determiner or inflected adjective
    before it. A word in -e after "ich" is a verb ("Ich rufe Frau Bauer an"). Another lower-case word with an
    adjective's ending is taken for one unless the corpus holds it in lower case and holds no stem of it ("treffen":
    "treff", "treffe"; but "jungen": "jung"); a word it lacks is taken for one too."""
    word = before(text, start)
    lower = word.lower()
    if lower in DETERMINERS or lower in ARTICLES:
        return False
    if lower in SALUTING:                          # "Sehr geehrte Frau Bauer": an adjective, and a title after it
        return True
    if FIRST_PERSON.search(text, 0, start):        # "Ich besuche Frau Koch": a verb ("besuch" is no adjective's stem)
        return True
    if not word.islower() or not lower.endswith(ADJECTIVE_ENDINGS) or lower in NO_ADJECTIVES:
        return True
    stems = [lower[:-len(end)] + e for end in ADJECTIVE_ENDINGS if lower.endswith(end) for e in ("", "e")]
    verb = (lexicon.cased(lower) or "A").islower() and not any(lexicon.knows(s) for s in stems if len(s) >= 3)
    return verb


def family_name(word: str, names) -> bool:
    """Whether the X of "the X family" is a name: any word but one the corpus itself writes capitalized and that is
    no name ("the Asian family"); a word it knows in lowercase is a name here ("the Baker family", "the Young
    family"), and so is one it lacks that looks like a German word ("the Weber family")."""
    return names.is_name(word) or names.lexicon.cased(word) != word


def titled(text: str, names, source: str, target: str) -> list[Span]:
    """The names a title or naming word marks in `text` (German or English), each a span with its fill in
    `target`; `names` (a text.finders.names.Names) says which words are names or surnames."""
    if {source, target} != {"de", "en"}:
        return []
    spans = []
    for m in COUPLE[source].finditer(text):
        if source == "en" or a_title(text, m.start(), names.lexicon):
            name, end = with_second(m, names, source)
            spans.append(Span(m.start(), end, f"{COUPLE_TITLES[target]} {name}"))
    for m in TITLE[source].finditer(text):
        title, academic = m.group("title"), m.group("academic") or m.group("academic2")
        common = source == "de" and title in ("Herr", "Herrn", "Frau") and not academic
        if title == "Fr." and (DAY_BEFORE.search(text, 0, m.start()) or m.group("name").lower() in OPENING_WORDS):
            continue
        if common and not a_title(text, m.start(), names.lexicon):
            continue
        if title == "Familie" and (m.group("article") or not a_title(text, m.start(), names.lexicon)) and \
                not (names.is_name(m.group("name")) or names.surname(m.group("name"))):
            continue
        name, end = with_second(m, names, source)
        genitive = german_possessive(name, text, end, names.lexicon.nouns) if source == "en" else None
        spans.append(Span(m.start(), end, fill(text, m, genitive or name, source, genitive is not None)))
    other = "en" if source == "de" else "de"
    for m in TITLE[other].finditer(text):   # the other language's title, the target's own: as written ("Mr. Baker")
        if m.group("title") not in (None, "Familie"):
            name, end = with_second(m, names, source)
            spans.append(Span(m.start(), end, text[m.start():m.start("name")] + name))
    if source == "en":
        spans += [Span(m.start(), m.end(), f"Familie {m.group('name')}") for m in FAMILY_EN.finditer(text)
                  if family_name(m.group("name"), names)]
    for m in KIN_TITLE[source].finditer(text):
        if {m.group("name"), m.group("second")} & PLACES or IN_A_NAME.search(text, 0, m.start()) or \
                source == "de" and not (
                names.is_name(m.group("name")) or names.surname(m.group("name"))):
            continue
        name, end = with_second(m, names, source)
        spans.append(Span(m.start(), end, f"{KIN_WORDS[source][m.group('title')]} {name}"))
    for m in NAMING[source].finditer(text):
        name, end = with_second(m, names, source)
        named = NAMED[source].get(m.group("naming"))
        if m.group("naming") == "called" and (not CALLED_NAMES_AFTER.search(text, 0, m.start()) or
                                              A_CALL_WHEN.match(text, end)):
            named = None
        verb, verbs = IS_NAMED.get(source, (None, {}))
        is_named = verb.search(text, 0, m.start()) if verb and m.group("naming") == "named" else None
        if named and not A_VERB_AFTER.search(text, 0, m.start()):
            spans.append(Span(m.start(), end, f"{named} {name}"))
        elif is_named:
            spans.append(Span(is_named.start(1), end, f"{verbs[is_named.group(1).lower()]} {name}"))
        else:
            spans.append(Span(m.start("name"), end, name))
    return merge([[span] for span in sorted(spans)])


def with_second(m: re.Match, names, source: str) -> tuple[str, int]:
    """The name a match holds and where it ends: its first word, and the second where that is part of it (German: a
    name or a word the corpus lacks, "Hans Müller"; English: any capitalized word, "John Smith")."""
    second = m.group("second")
    if second and (second != "I" if source == "en" else names.is_name(second) or names.surname(second)):
        return f"{m.group('name')} {second}", m.end("second")
    return m.group("name"), m.end("name")


def fill(text: str, m: re.Match, name: str, source: str, genitive: bool = False) -> str:
    """A titled name in the other language (German: in the genitive where `genitive`, "Herrn Smiths")."""
    title = m.group("title")
    academic = "".join(f"{title}. " for title in re.findall(r"\b(?:Dr|Prof)\b", m.group("academic") or
                                                             m.group("academic2") or ""))     # no field: "Dr. med."
    if source == "de":
        if title == "Familie":
            return f"the {name} family"
        return academic + name if academic else f"{TO_ENGLISH[title]} {name}"
    if academic:
        return academic + name
    german = TO_GERMAN[title]
    word = before(text, m.start())
    return f"{german}n {name}" if german == "Herr" and (genitive or word.islower() and word not in SUBJECT_BEFORE) \
        else f"{german} {name}"


def listed(text: str, found: list[tuple[int, int]], may_be: Callable[[str], bool]) -> set[tuple[int, int]]:
    """The words of `text` joined to a name of `found` ((start, end) each) by a comma, "and" or "or", before or
    after it, that are capitalized, open no sentence and `may_be` a name: the other names of a list ("Anna, Ben and
    Clara"; "Anna, Ben, Mia and Tom" through one another)."""
    if not found:                       # no name for a word to be listed with
        return set()
    names = set(found)
    words = [m.span() for m in LIST_WORD.finditer(text) if m.start() > 0 and len(m.group()) > 1 and
             m.group().lower() not in KIN and not BEFORE_SENTENCE.search(text, 0, m.start()) and may_be(m.group())]
    grown = True
    while grown:
        new = {(a, b) for a, b in words if (a, b) not in names and any(
            LIST_JOIN.fullmatch(text, end, a) or LIST_JOIN.fullmatch(text, b, start) for start, end in names)}
        names |= new
        grown = bool(new)
    return names - set(found)


POSSESSIVE = re.compile(r"(?<!\w)(?P<stem>\w+)['’]s$")   # from a word's start: linear in a long word
AFTER = re.compile(r" ([^\W\d_]+)(?: ([^\W\d_]+))?")
# words after "'s" that say it is "is" or "has" ("Tom's a doctor", "Tom's not here", "Tom's been there"), not "of"
NO_ADJECTIVES_EN = set("a an the not no very so too also just still always never here there been got gone in on at "
                       "with from over under by for to of and or but my your his her its our their this that".split())
ENGLISH_PLURALS, GERMAN_PLURALS = ("s", "es"), ("e", "en", "n", "er", "s")     # a noun's plural endings
# kin words a family calls one of its own by, as a name: their possessive is the German word's genitive, which German
# writes as a name's ("Grandma's cookies" -> "Omas Kekse"; a model wrote "Grandmas K Keküse." from "Grandmas")
KIN_IN_GERMAN = {"grandma": "Oma", "granny": "Oma", "grandpa": "Opa", "granddad": "Opa", "grandad": "Opa", "mom": "Mama",
                 "mommy": "Mama", "mum": "Mama", "mummy": "Mama", "mama": "Mama", "dad": "Papa", "daddy": "Papa",
                 "papa": "Papa", "auntie": "Tante", "aunty": "Tante"}


def german_possessive(name: str, text: str, end: int, nouns: dict[str, str]) -> str | None:
    """An English name with "'s" (text[...:end]) as German writes its genitive, where a noun of `nouns` (the corpus'
    noun dictionary) or an adjective and one come after it: "Tom's" -> "Toms", "Max's" -> "Max'"; None where what
    follows says the "'s" is no possessive ("Tom's playing", "Anna's happy today"), where it is part of a name
    ("Patrick's Day") or there is none."""
    m, after = POSSESSIVE.search(name), AFTER.match(text, end)
    if m is None or after is None:
        return None
    first, second = after.group(1), after.group(2) or ""
    adjective = first.islower() and first not in NO_ADJECTIVES_EN and not first.endswith(("ing", "ed", "ly"))
    if not first.islower() or not (a_noun(first, nouns, ENGLISH_PLURALS) or
                                   adjective and a_noun(second, nouns, ENGLISH_PLURALS)):
        return None             # a capitalized word after it makes one name with it: "St. Patrick's Day"
    stem = name[:m.end("stem")]
    stem = KIN_IN_GERMAN.get(stem.lower(), stem) if " " not in stem else stem
    return stem + ("'" if stem.lower().endswith(("s", "ß", "x", "z", "ce")) else "s")


def a_noun(word: str, nouns: dict[str, str], plurals: tuple[str, ...]) -> bool:
    """Whether a word is a noun of `nouns`, or one's plural by an ending of `plurals` ("museums", "Hunde")."""
    lower = word.lower()
    return lower in nouns or any(lower.endswith(end) and lower[:-len(end)] in nouns for end in plurals)


# first names that end in s themselves, with a stem that could be a name too ("Jona", "Han"): no German genitive
S_NAMES = set("jonas lukas lucas thomas andreas tobias elias matthias mathias niklas nicklas nikolas nicolas "
              "lars nils niels jens hans mats klaas claas".split())


def english_possessive(name: str, text: str, end: int, nouns: dict[str, str],
                       capitalized: Callable[[str], bool] = lambda word: False) -> str | None:
    """A German name in the genitive (text[...:end]) as English writes it, where a noun of `nouns` (the corpus'
    noun dictionary, or a word `capitalized` says the corpus writes as a noun) or a lowercase adjective and one come
    after it: "Lisas" -> "Lisa's", "Tims" -> "Tim's"; None for a name that ends in s itself ("Jonas Hund", "Klaus",
    "Boris") and where no noun follows."""
    after = AFTER.match(text, end)
    stem = name[:-1]
    if after is None or not name.endswith("s") or len(stem) < 3 or stem[-1] in "eiouy" or \
            name.lower() in S_NAMES:
        return None
    first, second = after.group(1), after.group(2) or ""
    noun = lambda word: a_noun(word, nouns, GERMAN_PLURALS) or capitalized(word)
    if not (first[:1].isupper() and noun(first) or first.islower() and second[:1].isupper() and noun(second)):
        return None
    return stem + "'s"

