"""Everyday pairs: sentence frames that image captions lack, around the placeholders users' lines bring.

Multi30K describes pictures, so a model trained on it has hardly seen a price paid, a thing that costs something,
someone who says or asks something, or a sentence that opens with a date ("kostet" 4 times, "costs" never). Users
type exactly those, and the placeholders (text/finders/) leave the model the frame to translate:

    Der Tee kostet <P>.            ->  The tea costs <P>.            <P>: "3,20 Euro" -> "€3.20" after the model
    Die Lehrerin fragt: <P>        ->  The teacher asks: <P>         <P>: a quotation, translated on its own
    <P> tanzen die Kinder.         ->  <P> the children dance.       <P>: "Am 14. Juni" -> "On June 14"
    Ein Mann wartet <P>.           ->  A man waits <P>.              <P>: "um 18 Uhr" -> "at 6 pm"

Nor do captions ask anything, so questions come out as junk ("Wo ist der Bahnhof?" -> "A cloud of the train?"):
questions() asks about someone a placeholder stands for ("Wo ist <P>?" / "Where is <P>?"), about the things and
the people of the lists ("Wie viel kosten die Schuhe?" / "How much do the shoes cost?").

Captions never open with a possessive ("His", "Mein"), so a model trained on them garbles one that opens a line
("Mein Bruder arbeitet." -> "Mother brother works."). Possessive openers are corpus pairs that open with an article on
both sides, the article made a possessive (possessive_opener):

    Ein Mann steht am Herd. / A man is at the stove.  ->  Sein Mann steht am Herd. / His man is at the stove.

These pairs are this project's own frames, filled from its own short lists of people, things and verbs; the
placeholders stand where the text steps put them at translation time. The probes' lines (probes/data/) are
written apart from these lists: their things (coffee, bread, tickets ...) are none of the things here. Drawn with
a seeded generator, so the same settings give the same pairs (and the prepared-data cache stays valid).
"""
from __future__ import annotations

import random
from typing import Callable, Iterator, NamedTuple

from text.forms.masking import PLACEHOLDERS

SLOTS = 8        # the first placeholders, as the copy pairs use them (data/augment.py)


class Person(NamedTuple):
    de: str          # "Eine Frau": nominative, capitalized
    en: str          # "A woman"
    plural: bool = False


class Thing(NamedTuple):
    de: str          # "Der Hut": nominative, definite
    de_acc: str      # "einen Hut": accusative, indefinite (what is bought)
    en: str          # "The hat"
    en_acc: str      # "a hat"
    plural: bool = False


PEOPLE = [Person("Eine Frau", "A woman"), Person("Ein Mann", "A man"), Person("Der Junge", "The boy"),
          Person("Das Mädchen", "The girl"), Person("Die Verkäuferin", "The saleswoman"),
          Person("Der Kellner", "The waiter"), Person("Die Lehrerin", "The teacher"), Person("Ein Tourist", "A tourist"),
          Person("Der Vater", "The father"), Person("Die Mutter", "The mother"), Person("Ein Kind", "A child"),
          Person("Die Ärztin", "The doctor"), Person("Ein alter Mann", "An old man"), Person("Eine junge Frau",
                                                                                         "A young woman"),
          Person("Zwei Männer", "Two men", True), Person("Die Kinder", "The children", True),
          Person("Die Touristen", "The tourists", True), Person("Zwei Frauen", "Two women", True),
          Person("Die Studenten", "The students", True), Person("Meine Freunde", "My friends", True)]
THINGS = [Thing("Der Hut", "einen Hut", "The hat", "a hat"), Thing("Die Jacke", "eine Jacke", "The jacket", "a jacket"),
          Thing("Das Buch", "ein Buch", "The book", "a book"), Thing("Der Tee", "einen Tee", "The tea", "a tea"),
          Thing("Die Tasche", "eine Tasche", "The bag", "a bag"), Thing("Das Kleid", "ein Kleid", "The dress", "a dress"),
          Thing("Der Rucksack", "einen Rucksack", "The backpack", "a backpack"),
          Thing("Die Zeitung", "eine Zeitung", "The newspaper", "a newspaper"),
          Thing("Das Spielzeug", "ein Spielzeug", "The toy", "a toy"), Thing("Die Lampe", "eine Lampe", "The lamp",
                                                                           "a lamp"),
          Thing("Der Kuchen", "einen Kuchen", "The cake", "a cake"), Thing("Die Uhr", "eine Uhr", "The watch", "a watch"),
          Thing("Das Zimmer", "ein Zimmer", "The room", "a room"), Thing("Der Schal", "einen Schal", "The scarf",
                                                                       "a scarf"),
          Thing("Die Schuhe", "Schuhe", "The shoes", "shoes", True), Thing("Die Kirschen", "Kirschen", "The cherries",
                                                                        "cherries", True),
          Thing("Die Karotten", "Karotten", "The carrots", "carrots", True),
          Thing("Die Postkarten", "Postkarten", "The postcards", "postcards", True)]
# (German singular, German plural, English singular, English plural): what people do on a day
# and the English -ing form
DOINGS = [("tanzt", "tanzen", "dances", "dance", "dancing"), ("singt", "singen", "sings", "sing", "singing"),
          ("arbeitet", "arbeiten", "works", "work", "working"), ("wartet", "warten", "waits", "wait", "waiting"),
          ("spielt", "spielen", "plays", "play", "playing"), ("lacht", "lachen", "laughs", "laugh", "laughing"),
          ("kocht", "kochen", "cooks", "cook", "cooking"), ("reist", "reisen", "travels", "travel", "traveling"),
          ("feiert", "feiern", "celebrates", "celebrate", "celebrating"),
          ("schwimmt", "schwimmen", "swims", "swim", "swimming")]
# (German singular, German plural, English singular, English plural): what people do with a quotation
SAYINGS = [("sagt", "sagen", "says", "say"), ("fragt", "fragen", "asks", "ask"), ("ruft", "rufen", "calls", "call"),
           ("schreibt", "schreiben", "writes", "write"), ("antwortet", "antworten", "answers", "answer"),
           ("flüstert", "flüstern", "whispers", "whisper")]
# where a price stands: (German singular, German plural, English singular, English plural)
COSTS = [("kostet", "kosten", "costs", "cost"), ("kostet nur", "kosten nur", "costs only", "cost only"),
         ("kostet heute", "kosten heute", "costs today", "cost today")]
PAYINGS = [("bezahlt", "bezahlen", "pays", "pay"), ("zahlt", "zahlen", "pays", "pay")]
# (German stem, English): possessives that can take an opening article's place; "Ihr" is "her" and "their"
POSSESSIVES = [("Mein", "My"), ("Dein", "Your"), ("Sein", "His"), ("Ihr", "Her"), ("Ihr", "Their"), ("Unser", "Our")]
POSSESSIVE_SHARE = 0.4          # possessive openers for each everyday frame pair
# questions about someone a placeholder stands for (a name: "Wo ist Anna?")
ABOUT_SOMEONE = [("Wo ist {p}?", "Where is {p}?"), ("Wer ist {p}?", "Who is {p}?"),
                 ("Wann kommt {p}?", "When is {p} coming?"), ("Was macht {p}?", "What is {p} doing?"),
                 ("Wie alt ist {p}?", "How old is {p}?"), ("Wie geht es {p}?", "How is {p}?"),
                 ("Wo wohnt {p}?", "Where does {p} live?"), ("Kennst du {p}?", "Do you know {p}?"),
                 ("Ist {p} zu Hause?", "Is {p} at home?"), ("Warum lacht {p}?", "Why is {p} laughing?")]
QUESTION_SHARE = 0.5            # questions for each everyday frame pair


def lower_first(text: str) -> str:
    return text[0].lower() + text[1:]


def verb(forms: tuple[str, str, str, str], plural: bool) -> tuple[str, str]:
    """(German, English) of a verb's forms for a subject of that number."""
    return (forms[1], forms[3]) if plural else (forms[0], forms[2])


def everyday_pair(rng: random.Random) -> tuple[str, str]:
    """One German-English pair: a frame with a placeholder, filled with a person, a thing or a verb."""
    p = rng.choice(PLACEHOLDERS[:SLOTS])
    person, thing = rng.choice(PEOPLE), rng.choice(THINGS)
    frame = rng.randrange(7)
    if frame == 0:                  # a thing costs a price
        de, en = verb(rng.choice(COSTS), thing.plural)
        return f"{thing.de} {de} {p}.", f"{thing.en} {en} {p}."
    if frame == 1:                  # someone pays a price for a thing
        de, en = verb(rng.choice(PAYINGS), person.plural)
        return f"{person.de} {de} {p} für {thing.de_acc}.", f"{person.en} {en} {p} for {thing.en_acc}."
    if frame == 2:                  # someone buys or sells a thing for a price
        de, en = verb(rng.choice([("kauft", "kaufen", "buys", "buy"), ("verkauft", "verkaufen", "sells", "sell")]),
                      person.plural)
        return f"{person.de} {de} {thing.de_acc} für {p}.", f"{person.en} {en} {thing.en_acc} for {p}."
    if frame == 3:                  # someone says a quotation
        de, en = verb(rng.choice(SAYINGS), person.plural)
        return f"{person.de} {de}: {p}", f"{person.en} {en}: {p}"
    if frame == 4:                  # a quotation, then who says it (German puts the verb first)
        de, en = verb(rng.choice(SAYINGS), person.plural)
        return f"{p}, {de} {lower_first(person.de)}.", f"{p}, {lower_first(person.en)} {en}."
    de, en = verb(rng.choice(DOINGS), person.plural)
    if frame == 5:                  # a date or a time first, then the verb (German) or the subject
        return f"{p} {de} {lower_first(person.de)}.", f"{p} {lower_first(person.en)} {en}."
    return f"{person.de} {de} {p}.", f"{person.en} {en} {p}."     # someone does something at a time, on a date


def article_opener(source: str, target: str) -> list[str]:
    """[the German article] that opens a German-English pair whose English opens with an article of the same kind,
    where a possessive can take its place with no other word changed: "Ein", "Eine" and "Die" before any word (an
    adjective ends alike after both: "ein kleiner", "sein kleiner"), "Der" and "Das" only before a noun (the
    adjective's ending would change: "der kleine", "sein kleiner"); [] for any other pair."""
    de, _, rest = source.partition(" ")
    en = target.partition(" ")[0]
    indefinite = de in ("Ein", "Eine") and en in ("A", "An")
    definite = (de == "Die" or de in ("Der", "Das") and rest[:1].isupper()) and en == "The"
    return [de] if indefinite or definite else []


def possessive_opener(source: str, target: str, article: str, rng: random.Random) -> tuple[str, str]:
    """The pair with a possessive for its opening article on both sides: "Eine Frau ..." / "A woman ..." ->
    "Seine Frau ..." / "His woman ..." (feminine and plural articles take the ending -e)."""
    de, en = rng.choice(POSSESSIVES)
    ending = "e" if article in ("Eine", "Die") else ""
    return f"{de}{ending} {source.partition(' ')[2]}", f"{en} {target.partition(' ')[2]}"


def question(rng: random.Random) -> tuple[str, str]:
    """One German-English question, captions ask none: about someone a placeholder stands for, about a thing (where
    it is, what it costs, whether one has it) or about a person the lists name (where, what they do, whether and why
    they do something)."""
    kind = rng.randrange(3)
    if kind == 0:
        de, en = rng.choice(ABOUT_SOMEONE)
        p = rng.choice(PLACEHOLDERS[:SLOTS])
        return de.format(p=p), en.format(p=p)
    if kind == 1:
        thing = rng.choice(THINGS)
        de, en, n = lower_first(thing.de), lower_first(thing.en), thing.plural
        return rng.choice([(f"Wo {'sind' if n else 'ist'} {de}?", f"Where {'are' if n else 'is'} {en}?"),
                           (f"Wie viel {'kosten' if n else 'kostet'} {de}?",
                            f"How much {'do' if n else 'does'} {en} cost?"),
                           (f"Hast du {thing.de_acc}?", f"Do you have {thing.en_acc}?"),
                           (f"Gibt es hier {thing.de_acc}?", f"{'Are' if n else 'Is'} there {thing.en_acc} here?")])
    person = rng.choice([p for p in PEOPLE if p.de.split()[0] in ("Der", "Die", "Das", "Meine")])
    doing = rng.choice(DOINGS)
    de, en, n = lower_first(person.de), lower_first(person.en), person.plural
    does, is_ = (doing[1], "are") if n else (doing[0], "is")
    return rng.choice([(f"Wo {'sind' if n else 'ist'} {de}?", f"Where {is_} {en}?"),
                       (f"Was {'machen' if n else 'macht'} {de}?", f"What {is_} {en} doing?"),
                       (f"{does.capitalize()} {de}?", f"{is_.capitalize()} {en} {doing[4]}?"),
                       (f"Warum {does} {de}?", f"Why {is_} {en} {doing[4]}?")])


def drawn(pair: Callable[[random.Random], tuple[str, str]], count: int, rng: random.Random,
          mirrored: bool) -> Iterator[tuple[str, str]]:
    """`count` pairs of `pair`, German-English (English-German where `mirrored`)."""
    for _ in range(count):
        de, en = pair(rng)
        yield (en, de) if mirrored else (de, en)


def questions(count: int, seed: int = 0, mirrored: bool = False) -> Iterator[tuple[str, str]]:
    """`count` questions, German-English (English-German where `mirrored`), the same for the same seed."""
    return drawn(question, count, random.Random(seed + 11), mirrored)


def everyday_pairs(count: int, seed: int = 0, mirrored: bool = False) -> Iterator[tuple[str, str]]:
    """`count` everyday pairs, German-English (English-German where `mirrored`), the same for the same seed."""
    return drawn(everyday_pair, count, random.Random(seed + 7), mirrored)
