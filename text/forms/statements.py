"""Short everyday statements, a whole sentence each, that Multi30K's captions never hold: a pronoun, a copula and a
predicative adjective, an intensifier between them or not ("Das war toll!" -> "That was great!", "It's too late." ->
"Es ist zu spät.", "Ich bin so glücklich!"), and a possessive with a person one knows, "nicht" before it or not
("Das ist mein Bruder." -> "That is my brother."). A 30-minute model wrote "Das ist gut." as "This is well.", "Es
war schön!" as "It was sying!" and "That is my brother." as "Das ist meinen Bruder.". (German, English) pairs
generated from the tables below (described(), introduced()), each one's translation the last named, as the phrase
tables (text/forms/phrase_tables.py) read theirs; English's contracted "isn't", "wasn't", "aren't", "weren't" are read
into German only. A time word of TIMES may stand with a description, where each language puts it ("Heute ist es
schön." -> "It is nice today."; a 30-minute model wrote "Today is much."). The tables do not hold the tens of
thousands of pairs: `statement()` reads a sentence's key into the translation they would give.

    statement("das war sehr toll", "de")    -> "That was very great"
    statement("it isn't too late", "en")    -> "Es ist nicht zu spät"
"""
from __future__ import annotations

from text.forms.contracted import phrase_key
from text.forms.everyday_adjectives import EVERYDAY_ADJECTIVES

# a thing's subject and a person's, with the copula's present and past after each: "Sie" only before "ist" / "war"
# (she; "Sie sind" is they or you); (German, English), "Das" -> "That", the last named
THINGS = [("Es", "It"), ("Das", "This"), ("Das", "That")]
PEOPLE = [("Ich", "I"), ("Du", "You"), ("Er", "He"), ("Sie", "She"), ("Wir", "We")]
GERMAN_COPULAS = {"Es": ("ist", "war"), "Das": ("ist", "war"), "Ich": ("bin", "war"), "Du": ("bist", "warst"),
                  "Er": ("ist", "war"), "Sie": ("ist", "war"), "Wir": ("sind", "waren")}
ENGLISH_COPULAS = {"It": ("is", "was"), "This": ("is", "was"), "That": ("is", "was"), "I": ("am", "was"),
                   "You": ("are", "were"), "He": ("is", "was"), "She": ("is", "was"), "We": ("are", "were")}
# what may stand between the copula and the adjective; (German, English), each one's translation the last named
INTENSIFIERS = [("ja", ""), ("", ""), ("sehr", "very"), ("zu", "too"), ("echt", "really"), ("wirklich", "really"),
                ("so", "so"), ("ziemlich", "pretty"), ("ziemlich", "quite"), ("extrem", "extremely"),
                ("etwas", "a little"), ("ein bisschen", "a bit"), ("ein bisschen", "a little"),
                ("noch", "still"), ("immer noch", "still"),
                ("nicht", "not"), ("nicht sehr", "not very"), ("nicht so", "not so"), ("nicht zu", "not too")]
# "schon" is "already" only before these: elsewhere it concedes ("Das ist schon gut": "That's fine, though")
ALREADY = {"spät", "fertig", "dunkel", "bereit", "müde", "kalt"}
# a predicative adjective: (German, English said of a thing, English said of a person), each tuple's translation the
# last named, an empty one where the adjective does not say that of it ("Ich bin kalt": German says "Mir ist kalt")
ADJECTIVES = [
    ("super", ("great",), ("great",)), ("toll", ("great",), ("great",)), ("gut", ("good",), ()),
    ("schlimm", ("bad",), ()), ("schlecht", ("bad",), ()), ("cool", ("cool",), ("cool",)),
    ("wunderschön", ("beautiful",), ("beautiful",)),
    ("nett", ("kind",), ("kind", "nice")), ("schön", ("beautiful", "nice"), ("beautiful",)),
    ("wunderbar", ("wonderful",), ("wonderful",)), ("perfekt", ("perfect",), ("perfect",)),
    ("fantastisch", ("fantastic",), ("fantastic",)), ("schrecklich", ("terrible",), ("terrible",)),
    ("furchtbar", ("awful",), ()), ("interessant", ("interesting",), ("interesting",)),
    ("langweilig", ("boring",), ()), ("lustig", ("funny",), ("funny",)), ("seltsam", ("strange",), ("strange",)),
    ("wichtig", ("important",), ("important",)), ("richtig", ("correct", "right"), ()), ("falsch", ("wrong",), ()),
    ("wahr", ("true",), ()), ("einfach", ("simple", "easy"), ()), ("schwierig", ("hard", "difficult"), ()),
    ("kompliziert", ("complicated",), ()), ("möglich", ("possible",), ()), ("unmöglich", ("impossible",), ()),
    ("nötig", ("necessary",), ()), ("genug", ("enough",), ()), ("normal", ("normal",), ("normal",)),
    ("okay", ("okay",), ()), ("unglaublich", ("unbelievable", "incredible"), ("incredible",)),
    ("spät", ("late",), ()), ("früh", ("early",), ()), ("kalt", ("cold",), ()), ("heiß", ("hot",), ()),
    ("warm", ("warm",), ()), ("dunkel", ("dark",), ()), ("teuer", ("expensive",), ()), ("billig", ("cheap",), ()),
    ("lecker", ("tasty", "delicious"), ()), ("neu", ("new",), ()), ("alt", ("old",), ("old",)),
    ("groß", ("big",), ("tall",)),
    ("klein", ("small",), ("short",)), ("laut", ("noisy", "loud"), ("loud",)), ("leise", ("quiet",), ("quiet",)),
    ("voll", ("full",), ()), ("leer", ("empty",), ()), ("offen", ("open",), ()), ("geschlossen", ("closed",), ()),
    ("kaputt", ("broken",), ()), ("sauber", ("clean",), ()), ("schmutzig", ("dirty",), ()), ("nass", ("wet",), ()),
    ("trocken", ("dry",), ()), ("weit", ("far",), ()), ("gefährlich", ("dangerous",), ("dangerous",)),
    ("sicher", ("safe",), ("sure",)), ("schnell", ("fast", "quick"), ("fast",)), ("langsam", ("slow",), ("slow",)),
    ("fertig", ("done", "finished", "ready"), ("finished", "done")), ("bereit", (), ("ready",)),
    ("müde", (), ("tired",)), ("krank", (), ("ill", "sick")), ("gesund", ("healthy",), ("healthy",)),
    ("glücklich", (), ("happy",)), ("froh", (), ("glad",)), ("traurig", (), ("sad",)), ("wütend", (), ("angry",)),
    ("nervös", (), ("nervous",)), ("allein", (), ("alone",)), ("zufrieden", (), ("satisfied",)),
    ("stolz", (), ("proud",)), ("aufgeregt", (), ("excited",)), ("beschäftigt", (), ("busy",)),
    ("verheiratet", (), ("married",)), ("hungrig", (), ("hungry",)), ("durstig", (), ("thirsty",)),
    ("satt", (), ("full",)), ("verrückt", ("crazy",), ("crazy",)), ("süß", ("sweet",), ("sweet", "cute")),
    ("dumm", ("stupid",), ("stupid",)), ("klug", (), ("clever", "smart")), ("freundlich", (), ("friendly",)),
    ("ehrlich", (), ("honest",))] + EVERYDAY_ADJECTIVES     # and their rows of everyday words
# a possessive and a person one knows (or a pet): (German, English, gender), each one's translation the last named;
# "ihr" (her, their, your) left out
POSSESSIVES = [("mein", "my"), ("dein", "your"), ("sein", "his"), ("unser", "our")]
KIN = [("Schwester", "sister", "f"), ("Mutter", "mother", "f"), ("Tochter", "daughter", "f"),
       ("Freundin", "girlfriend", "f"), ("Freundin", "friend", "f"), ("Frau", "wife", "f"), ("Tante", "aunt", "f"),
       ("Oma", "grandma", "f"), ("Großmutter", "grandmother", "f"), ("Cousine", "cousin", "f"),
       ("Kollegin", "colleague", "f"), ("Chefin", "boss", "f"), ("Nachbarin", "neighbor", "f"),
       ("Katze", "cat", "f"), ("Bruder", "brother", "m"), ("Vater", "father", "m"), ("Sohn", "son", "m"),
       ("Freund", "boyfriend", "m"), ("Freund", "friend", "m"), ("Mann", "husband", "m"), ("Onkel", "uncle", "m"),
       ("Opa", "grandpa", "m"), ("Großvater", "grandfather", "m"), ("Cousin", "cousin", "m"),
       ("Kollege", "colleague", "m"), ("Chef", "boss", "m"), ("Nachbar", "neighbor", "m"), ("Hund", "dog", "m"),
       ("Kind", "child", "n"), ("Baby", "baby", "n")]
# who may be said to be one: a thing's "Das", and "Er" / "Sie" of a man's or a woman's
KIN_SUBJECTS = {"m": [("Er", "He")], "f": [("Sie", "She")], "n": []}
NEGATED = {"is": "isn't", "was": "wasn't", "are": "aren't", "were": "weren't"}      # English's "not" contracted
# a time word of a statement, (German, English): German's after the copula, at the end or first ("Heute ist es schön"),
# English's at the end ("It is nice today"); text/forms/statement_frames.py's take them too
TIMES = [("heute", "today"), ("gestern", "yesterday")]


def owned(mine: str, gender: str) -> str:
    """The possessive before a person of the gender: "mein" -> "meine" before a woman's word ("meine Schwester")."""
    return mine + "e" * (gender == "f")


def english_copula(subject: str, tense: int) -> str:
    """The English subject and its copula as the table writes them: "I'm" as the phrasebook's "I'm tired", "It is"."""
    verb = ENGLISH_COPULAS[subject][tense]
    return "I'm" if (subject, verb) == ("I", "am") else f"{subject} {verb}"


def english_heads(subject: str, tense: int, so: str) -> list[str]:
    """The English subject, its copula and the intensifier so, written as German reads them last: "It is not very",
    and its contracted "not" before it, "It isn't very"."""
    verb = ENGLISH_COPULAS[subject][tense]
    contracted = [f"{subject} {NEGATED[verb]}{so[3:]}"] if so.startswith("not") and verb in NEGATED else []
    return contracted + [" ".join(filter(None, (english_copula(subject, tense), so)))]


def described() -> list[tuple[str, str]]:
    """A pronoun, its copula, an intensifier or none and an adjective that says that of it, both ways: every such
    sentence pair, the specification statement() reads keys by (generated by the tests only, not at import)."""
    pairs = []
    for adjective, of_thing, of_person in ADJECTIVES:
        for subjects, english in ((THINGS, of_thing), (PEOPLE, of_person)):
            intensifiers = INTENSIFIERS + [("schon", "already")] * (adjective in ALREADY)
            for (de, en), tense, (very, so) in ((s, t, i) for s in subjects for t in (0, 1) for i in intensifiers):
                german = " ".join(filter(None, (de, GERMAN_COPULAS[de][tense], very, adjective)))
                pairs += [(german, f"{head} {word}") for word in english for head in english_heads(en, tense, so)]
    return pairs


def introduced() -> list[tuple[str, str]]:
    """A possessive and a person one knows after "Das ist" or "Er ist" / "Sie ist" of their gender, "nicht" between
    them or not, both ways (as described(): the tests' specification)."""
    pairs = []
    for german, english, gender in KIN:
        for (de, en), tense, (no, so) in ((s, t, n) for s in KIN_SUBJECTS[gender] + THINGS[1:] for t in (0, 1)
                                          for n in (("", ""), ("nicht", "not"))):
            head = " ".join(filter(None, (de, GERMAN_COPULAS[de][tense], no)))
            pairs += [(f"{head} {owned(mine, gender)} {german}", f"{english_head} {my} {english}")
                      for mine, my in POSSESSIVES for english_head in english_heads(en, tense, so)]
    return pairs


def heads(pairs, key_of) -> dict:
    """Each key of a sentence's head (subject, copula, intensifier) written as key_of writes it, and what it stands
    for: the last of pairs (key's head, what) with that key."""
    return {key_of(head): what for head, what in pairs}


def german_head(de: str, tense: int, very: str) -> str:
    """The German subject, its copula and what stands after it: "Das war nicht"."""
    return " ".join(filter(None, (de, GERMAN_COPULAS[de][tense], very)))


CLASSES = {"thing": THINGS, "person": PEOPLE}
WITH_SCHON = INTENSIFIERS + [("schon", "already")]
# described(): a head's key -> (class, the other language's subject, tense, its intensifier, whether "schon")
DESCRIBED_HEADS = {
    "de": heads(((german_head(de, tense, very), (kind, en, tense, so, very == "schon"))
                 for kind, subjects in CLASSES.items() for de, en in subjects for tense in (0, 1)
                 for very, so in WITH_SCHON), str.lower),
    "en": heads(((head, (kind, de, tense, very, very == "schon"))
                 for kind, subjects in CLASSES.items() for de, en in subjects for tense in (0, 1)
                 for very, so in WITH_SCHON for head in english_heads(en, tense, so)), phrase_key)}
# an adjective of a thing's or a person's -> the other language's, the last named (in English, with "schon" apart)
GERMAN_ADJECTIVES = {kind: {de: words[-1] for de, *both in ADJECTIVES if (words := both[n])}
                     for n, kind in enumerate(CLASSES)}
ENGLISH_ADJECTIVES = {(kind, already): {word: de for de, *both in ADJECTIVES for word in both[n]
                                        if de in ALREADY or not already}
                      for n, kind in enumerate(CLASSES) for already in (False, True)}
# introduced(): by gender, a head's key -> (the other language's subject, tense, "nicht" / "not")
INTRODUCED_HEADS = {
    "de": {gender: heads(((german_head(de, tense, no), (en, tense, so)) for de, en in subjects + THINGS[1:]
                          for tense in (0, 1) for no, so in (("", ""), ("nicht", "not"))), str.lower)
           for gender, subjects in KIN_SUBJECTS.items()},
    "en": {gender: heads(((head, (de, tense, no)) for de, en in subjects + THINGS[1:] for tense in (0, 1)
                          for no, so in (("", ""), ("nicht", "not")) for head in english_heads(en, tense, so)),
                         phrase_key)
           for gender, subjects in KIN_SUBJECTS.items()}}
OWNERS = {"de": {gender: {owned(mine, gender): my for mine, my in POSSESSIVES} for gender in KIN_SUBJECTS},
          "en": {gender: {my: owned(mine, gender) for mine, my in POSSESSIVES} for gender in KIN_SUBJECTS}}
KNOWN = {"de": {}, "en": {}}                # a person's word in a language's key -> KIN's entries of it, last first
for entry in reversed(KIN):
    KNOWN["de"].setdefault(entry[0].lower(), []).append(entry)
    KNOWN["en"].setdefault(entry[1], []).append(entry)


def statement(key: str, source: str) -> str | None:
    """The translation described() and introduced() give the sentence's key (`phrase_key`: "it is not very good",
    "das war sehr toll") read from source ("de" or "en"), the last named where they give several; None where they
    hold no such sentence."""
    if source not in DESCRIBED_HEADS or key.count(" ") < 2:
        return None
    return introduction(key, source) or description(key, source) or timed(key, source)


def introduction(key: str, source: str) -> str | None:
    """A possessive and a person one knows after their head: "das ist meine schwester" -> "That is my sister"."""
    head, owner, known = key.rsplit(" ", 2)
    for de, en, gender in KNOWN[source].get(known, ()):
        said, mine = INTRODUCED_HEADS[source][gender].get(head), OWNERS[source][gender].get(owner)
        if said and mine:
            if source == "de":
                subject, tense, so = said
                return f"{english_heads(subject, tense, so)[-1]} {mine} {en}"
            subject, tense, no = said
            return f"{german_head(subject, tense, no)} {mine} {de}"
    return None


def description(key: str, source: str) -> str | None:
    """A pronoun, its copula, an intensifier or none and an adjective: "es ist schon spät" -> "It is already
    late"."""
    head, _, adjective = key.rpartition(" ")
    said = DESCRIBED_HEADS[source].get(head)
    if not said:
        return None
    kind, subject, tense, other, schon = said
    if source == "de":
        word = GERMAN_ADJECTIVES[kind].get(adjective) if adjective in ALREADY or not schon else None
        return f"{english_heads(subject, tense, other)[-1]} {word}" if word else None
    word = ENGLISH_ADJECTIVES[kind, schon].get(adjective)
    return " ".join(filter(None, (german_head(subject, tense, other), word))) if word else None


def timed(key: str, source: str) -> str | None:
    """A description with a time word of TIMES, where German puts it (after the copula, at the end or first) and
    English at the end: "heute ist es schön" -> "It is nice today", "it is very cold today" -> "Es ist heute sehr
    kalt"."""
    words, side = key.split(), 0 if source == "de" else 1
    times = {pair[side]: pair[1 - side] for pair in TIMES}
    at = [k for k, word in enumerate(words) if word in times]
    if len(at) != 1 or at[0] not in ((0, 2, len(words) - 1) if source == "de" else (len(words) - 1,)):
        return None
    time = times[words.pop(at[0])]
    if at[0] == 0:                      # "heute ist es schön": "es ist schön"
        words[:2] = words[1::-1]
    said = description(" ".join(words), source) if len(words) > 2 else None
    if said is None:
        return None
    if source == "de":
        return f"{said} {time}"
    subject, copula, *rest = said.split()
    return " ".join((subject, copula, time, *rest))


def german_words() -> list[str]:
    """Every word the German sentences of described() and introduced() hold, as they write it ("Das", "meine",
    "Schwester"), read from the tables above."""
    subjects = [de for de, en in THINGS + PEOPLE]
    copulas = [copula for both in GERMAN_COPULAS.values() for copula in both]
    owners = [f"{mine}{ending}" for mine, my in POSSESSIVES for ending in ("", "e")]
    return [*subjects, *copulas, *" ".join(very for very, so in WITH_SCHON).split(), *(de for de, *_ in ADJECTIVES),
            *owners, *(de for de, en, gender in KIN)]



def written_words(lang: str) -> list[tuple[str, bool]]:
    """Every word the statements of a language write, as written ("Das", "war", "lecker", "isn't", "Schwester"), and
    whether it opens its sentence (a subject), from the tables above (text/steps/case.py's table_written)."""
    side = 0 if lang == "de" else 1
    subjects = [pair[side] for pair in THINGS + PEOPLE]
    copulas = [copula for both in (GERMAN_COPULAS if side == 0 else ENGLISH_COPULAS).values() for copula in both]
    owners = [f"{mine}{ending}" for mine, my in POSSESSIVES for ending in ("", "e")] if side == 0 else \
        [my for _, my in POSSESSIVES]
    adjectives = [de for de, _, _ in ADJECTIVES] if side == 0 else \
        [word for _, thing, person in ADJECTIVES for word in (*thing, *person)]
    inside = [*copulas, *((*NEGATED.values(), "not") if side else ()), *owners, *adjectives,
              *" ".join(pair[side] for pair in WITH_SCHON).split(), *(pair[side] for pair in KIN)]
    return [(word, True) for word in subjects] + [(word, False) for word in inside]
