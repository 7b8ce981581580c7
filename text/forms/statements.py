"""Short everyday statements, a whole sentence each, that Multi30K's captions never hold: a pronoun, a copula and a
predicative adjective, an intensifier between them or not ("Das war toll!" -> "That was great!", "It's too late." ->
"Es ist zu spät.", "Ich bin so glücklich!"), and a possessive with a person one knows, "nicht" before it or not
("Das ist mein Bruder." -> "That is my brother."). A 30-minute model wrote "Das ist gut." as "This is well.", "Es
war schön!" as "It was sying!" and "That is my brother." as "Das ist meinen Bruder.". (German, English) pairs
generated from the tables below, each one's translation the last named, as the phrase tables
(text/forms/phrase_tables.py) read theirs; English's contracted "isn't", "wasn't", "aren't", "weren't" are read into
German only.
"""
from __future__ import annotations

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
                ("etwas", "a little"), ("ein bisschen", "a little"), ("noch", "still"), ("immer noch", "still"),
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
    ("lecker", ("delicious",), ()), ("neu", ("new",), ()), ("alt", ("old",), ("old",)), ("groß", ("big",), ("tall",)),
    ("klein", ("small",), ("short",)), ("laut", ("loud",), ("loud",)), ("leise", ("quiet",), ("quiet",)),
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
    ("ehrlich", (), ("honest",))]
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
    """A pronoun, its copula, an intensifier or none and an adjective that says that of it, both ways."""
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
    them or not, both ways."""
    pairs = []
    for german, english, gender in KIN:
        for (de, en), tense, (no, so) in ((s, t, n) for s in KIN_SUBJECTS[gender] + THINGS[1:] for t in (0, 1)
                                          for n in (("", ""), ("nicht", "not"))):
            head = " ".join(filter(None, (de, GERMAN_COPULAS[de][tense], no)))
            pairs += [(f"{head} {mine}{'e' * (gender == 'f')} {german}", f"{english_head} {my} {english}")
                      for mine, my in POSSESSIVES for english_head in english_heads(en, tense, so)]
    return pairs


STATEMENTS = described() + introduced()
