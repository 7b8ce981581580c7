"""Question frames, German <-> English: a fixed question around a short noun phrase ("Wo ist X?" <-> "Where is X?",
"Haben Sie X?" <-> "Do you have X?"), for the quotations step (text/steps/quotations.py), which leaves the noun
phrase to the model as a sentence of its own (the slot) and puts its translation back between the frame's words
(a model given the whole question wrote "Where is mich cellphone?", "When is riding the train?", "Wo können ich einen
Karten?"). A slot is one to four words and no verb, nor a determiner or a pronoun alone ("Die sind toll."): a
German one ends in a capitalized word ("Wo ist der Hund hingelaufen?" is no frame), an English one holds no pronoun,
verb or adverb of a short list ("Where is he going?", "Do you have to go?") and ends in no verb's "-ing" or
preposition ("Where is the dog running?"). A whole sentence of the phrase tables ("Wo ist der Bahnhof?") is theirs.
A question typed in lowercase or capitals is matched as the case step writes it ("wo ist mein handy?" -> "Wo ist mein
Handy?"; a German slot of one word the corpus lacks is a name, "wo ist anna?", but in an accusative frame: "hast du
geschlafen?"), and its frame comes back in the case typed.

Each slot goes to the model capitalized with a full stop ("Mein Handy.": "mein Handy" alone came back "My woman
cellphones on her cellphone"); a translation of more words than the slot's and one, or with a pronoun or verb of
NOT_IN_SLOT ("Three people are looking."), gives way to the model's translation of the whole question. Into English
the slot's first word is lowercase but for a name's (as typed, "Anna", or an exonym, "Munich"); "Gibt es hier X?" is
"Are there X here?" where X's translation is a plural. Into German a frame whose German slot is accusative ("Haben
Sie X?", "Gibt es hier X?", "Wo kann ich X kaufen?") puts the model's nominative in the accusative where its article
shows a masculine noun ("der Tisch" -> "den Tisch", "ein großer Tisch" -> "einen großen Tisch" where the corpus'
articles say "Tisch" is masculine); a masculine noun the corpus never gives an article stays nominative ("ein
Löffel"). "Ich komme aus X." <-> "I'm from X." takes a country's or a town's name of one or two capitalized words (an
article into German: "die Schweiz" -> "aus der Schweiz", "der Iran" -> "aus dem Iran"). "Es ist X." <-> "It is X."
("Es war ein schöner Tag.") takes a slot that opens with an article or a possessive ("Es ist Montag" is no frame: "It
is monday") and holds no digit or clock word ("Es ist ein Uhr.": "It is a clock."). The nearest or next one ("Wo
ist die nächste X?", "When does the next X leave?") is a frame of its own, the noun alone its slot; into German
"nächste" follows the article of the noun's gender (the corpus', the everyday nouns', else the model's article's:
the English noun goes to the model after "The", "The hotel." -> "Das Hotel.", "das nächste Hotel"; "Hotel." alone
gave "die nächste Hotel", "Bank." "Bench."). A known town's, region's or country's name after the slot's noun phrase and
"to" / "from" ("nach" / "aus") is the frame's, by rule ("The flight to Vienna" -> "Der Flug" + " nach Wien"; not "to
Anna", "nach Hause", "to Switzerland": TOWARD_PLACES). Statements are frames too: text/forms/statement_frames.py.
"""
from __future__ import annotations

import re
from typing import Callable, NamedTuple

from text.forms.frame_numbers import GERMAN_GENDERS, agreed, number_of, plural_english
from text.forms.frame_places import ARTICLED, alternatives, toward
from text.forms.places import EXONYMS

# (German, English, the German slot's case): "{}" is the slot; into German, each English frame's German is the last
# named ("du" after "Sie", as text/forms/phrasebook.py); into English, each German frame's English is the first
FRAMES = [("Wo ist {}", "Where is {}", "nom"), ("Wo sind {}", "Where are {}", "nom"),
          ("Wann fährt {} ab", "When does {} leave", "nom"), ("Wann fährt {}", "When does {} leave", "nom"),
          ("Wann kommt {} an", "When does {} arrive", "nom"), ("Wann beginnt {}", "When does {} start", "nom"),
          ("Wann beginnt {}", "When does {} begin", "nom"), ("Wann öffnet {}", "When does {} open", "nom"),
          ("Wann schließt {}", "When does {} close", "nom"), ("Haben Sie {}", "Do you have {}", "acc"),
          ("Hast du {}", "Do you have {}", "acc"), ("Gibt es hier {}", "Is there {} here", "acc"),
          ("Gibt es hier {}", "Are there {} here", "acc"), ("Gibt es hier in der Nähe {}", "Is there {} nearby", "acc"),
          ("Gibt es hier in der Nähe {}", "Is there {} near here", "acc"),
          ("Gibt es hier in der Nähe {}", "Are there {} near here", "acc"),
          ("Wieviel kostet {}", "How much is {}", "nom"), ("Was kostet {}", "How much is {}", "nom"),
          ("Wie viel kostet {}", "How much is {}", "nom"), ("Wie viel kostet {}", "How much does {} cost", "nom"),
          ("Wie viel kosten {}", "How much are {}", "nom"), ("Wie viel kosten {}", "How much do {} cost", "nom"),
          ("Wo kann ich {} kaufen", "Where can I buy {}", "acc"), ("Ich bin aus {}", "I am from {}", "dat"),
          ("Ich komme aus {}", "I am from {}", "dat"),
          ("Ich komme aus {}", "I come from {}", "dat"), ("Es ist {}", "It is {}", "nom"),
          ("Es war {}", "It was {}", "nom"),
          # the nearest or next one ("Wo ist die nächste Apotheke?" -> "Where is the next to the counter?", "When does
          # the next train leave?" -> "Wann fährt der Zug?"): "nächste" is the frame's, the noun alone the slot's
          *((f"Wo ist {article} nächste {{}}", f"Where is the {nearest} {{}}", "nom")
            for nearest in ("nearest", "closest") for article in ("das", "die", "der")),
          *((f"Wann {verb} {article} nächste {{}}{part}", f"When does the next {{}} {english}", "nom")
            for verb, part, english in (("fährt", "", "leave"), ("fährt", " ab", "leave"), ("kommt", "", "come"),
                                        ("kommt", " an", "arrive"))
            for article in ("die", "das", "der"))]
# frames whose slot opens with an article or a possessive ("Es ist ein Hund", not "Es ist Montag": "It is monday")
OPENED = frozenset({"Es ist {}", "Es war {}", "It is {}", "It was {}"})
OPENERS = {"de": "ein eine einen der die das mein meine dein deine sein seine unser unsere kein keine",
           "en": "a an the my your his her our their no"}
# the words a statement's slot opens with, or it is a name's capitalized words ("Anna is nice."): no adverb or
# reporting verb before its noun phrase ("Then the weather was nice.": "Dann das Wetter war schön.")
STATEMENT_OPENERS = {"de": frozenset(OPENERS["de"].split() + "dieser diese dieses jeder jede jedes ihre eure".split()),
                     "en": frozenset(OPENERS["en"].split() + "this that these those".split())}
# words of a time of day, which the clock finders answer ("Es ist ein Uhr." is no "It is a clock.")
CLOCK_WORDS = "uhr o'clock o’clock mittag mitternacht noon midnight viertel quarter".split()
# words no slot holds: pronouns, verbs and adverbs that make the question another one ("Wo ist er?", "Haben Sie heute
# Zeit?", "Where is he going?", "Do you have to go?", "Is there anything here?")
NOT_IN_SLOT = {"de": frozenset("ich du er sie es wir ihr man mich dich ihn uns euch ihnen ihm mir dir was "
                               "wer heute morgen jetzt noch schon auch hier da dort denn mal vielleicht wirklich "
                               "gerade gestern bitte nicht etwas nichts alles ist sind war waren hat haben wird "
                               # a noun "haben" makes an idiom of: "Hast du Lust?" is no "Do you have Lust?"
                               "angst hunger durst lust recht glück pech".split()),
               "en": frozenset("i you he she it we they me him us them to not there here now today tomorrow going "
                               "doing coming is are was were be been being do does did have has had can could will "
                               "would please what who anything something nothing everything this that these those "
                               "all one really ever still also yesterday".split())}
# a slot of one word that is a determiner's or a pronoun's, no noun phrase ("Die sind toll.": "The are great.")
LONE_NOT = {"de": frozenset("die der das dieser diese dieses jeder jede jedes manche viele alle".split()),
            "en": frozenset("this that these those everyone everybody someone somebody nobody all some any".split())}
# an English slot's last word that makes it no noun phrase: a verb's "-ing" ("Where is the dog running?": "Wo ist der
# Hund rennt?", the whole question's "Wo rennt der Hund?") but for nouns', or a preposition ("Where is the man from?")
ING_NOUNS = frozenset("building meeting wedding morning evening thing ring king spring painting parking clothing "
                      "ceiling wing string beginning ending shopping swimming pudding".split())
LAST_NOT = frozenset("from with for at in on of about up off out back away down over".split())
PLACE_WORDS = 2            # "I'm from X": a country's or a town's name, capitalized ("New Zealand")
# German determiners a slot's translation opens with (lowercase inside the frame: "Haben Sie einen Tisch?"); the
# masculine accusative of those whose nominative does not show the gender, and of "der"
DETERMINERS = frozenset("der die das den ein eine einen kein keine keinen mein meine meinen dein deine deinen sein "
                        "seine seinen unser unsere unseren euer eure euren dieser diese diesen dieses".split())
OPEN_NOMINATIVE = frozenset("ein kein mein dein sein unser euer".split())      # "m" or "n": the noun tells
# the article a model's translation of a frame's slot may open with where the frame has its own ("the nearest X")
ARTICLES_ALONE = frozenset("the a an der die das den ein eine einen".split())
ARTICLE_GENDERS = {"der": "m", "den": "m", "einen": "m", "das": "n", "die": "f", "eine": "f"}
NEXT_ONE = (" nearest ", " closest ", " next ")             # an English frame's words before its slot
NEAREST = re.compile(r"(?:der|die|das) (nächste)\s*$")        # an English frame's German article and adjective
# a statement's copula, (German, English): statement_frames.py's and opening_frames.py's
COPULAS = [("ist", "is"), ("war", "was"), ("sind", "are"), ("waren", "were")]


class Frame(NamedTuple):
    pattern: re.Pattern        # the source's frame, group "slot" the noun phrase, group "marks" its final marks
    opening: str               # the target's words before the slot ...
    closing: str               # ... and after it
    case: str                  # the German slot's case
    plural: str = ""           # into English, the opening where the slot's translation is a plural ("Are there ")
    folded: re.Pattern | None = None   # the frame's words in any case: "haben sie X?" typed for "Haben Sie X?"
    statement: bool = False    # a statement's frame: the slot opens it, the closing is the match's (said())
    known: str | None = None   # a statement's slot the tables translate ("Mein Bruder" -> "My brother"), not the model
    named: str = ""            # a statement's closing where the model copies its capitalized slot: a name, a person's
    nearest: str = ""          # into German, the adjective between the slot's article and its noun ("nächste")
    # a statement frame whose words after the slot a rule writes from the match (cost_frames.py, opening_frames.py,
    # event_frames.py, weather_frames.py): the frame with them, None where the rule has none
    closer: Callable[["Frame", re.Match, str], "Frame | None"] | None = None


def compiled(frame: str, slot: str, article: str = "", folded: bool = False, placed: str = "") -> re.Pattern:
    """The frame's pattern; `folded`: its words (not the slot's) in any case; `placed`: a place after the slot."""
    before, after = (re.escape(part).replace(r"\ ", r"\s+") for part in frame.split("{}"))
    first, rest = before[:1], before[1:]
    if folded:
        before, after, article = (f"(?i:{part})" if part else "" for part in (before, after, article))
    else:
        before = rf"[{first.upper()}{first.lower()}]{rest}"
    return re.compile(rf"\s*{before}\s*{article}(?P<slot>{slot}){placed}\s*{after}\s*(?P<marks>[?.!]*)\s*")


def frames(source: str, target: str) -> list[Frame]:
    """The frames of a direction, longest source frames first ("Wann fährt X ab?" before "Wann fährt X?")."""
    if {source, target} != {"de", "en"}:
        return []
    words, placed = toward(source)
    place = rf"[A-ZÄÖÜ][\w'’-]*(?:\s+[A-ZÄÖÜ][\w'’-]*){{0,{PLACE_WORDS - 1}}}"
    found: dict[str, Frame] = {}
    for de, en, case in FRAMES:
        written, into = (de, en) if source == "de" else (en, de)
        if source == "de" and written in found:         # into English: the first named
            continue
        slot = place if case == "dat" else words
        if written in OPENED:
            clock = rf"(?i:(?![^?.!]*(?:\d|\b(?:{alternatives(CLOCK_WORDS)})\b)))"        # nor "a clock"
            slot = rf"{clock}(?:{alternatives(OPENERS[source].split())})\s+{words}"
        opening, closing = into.split("{}")
        plural = ""
        if target == "en" and opening.startswith("Is there "):
            plural = "Are there "
        article = r"(?:(?:der|den|dem|the)\s+)?" if case == "dat" else ""   # "aus der Schweiz": "Schweiz" alone
        nearest = ""
        if target == "de" and (m := NEAREST.search(opening)):       # "Wo ist der nächste " -> "Wo ist " + the noun's
            opening, nearest = opening[:m.start()], m.group(1)
        after = "" if case == "dat" else placed         # "Wo ist der Zug nach Wien?": the place by rule
        found[written] = Frame(compiled(written, slot, article, placed=after), opening, closing, case, plural,
                               compiled(written, slot, article, folded=True, placed=after), nearest=nearest)
    return [found[k] for k in sorted(found, key=lambda k: len(k), reverse=True)]


def slot_of(frame: Frame, sentence: str, source: str, folded: bool = False) -> re.Match | None:
    """The frame's match of the whole sentence where its slot is a noun phrase (see the module's text), else None;
    `folded`: the frame's words in any case (a line typed in lowercase or capitals, as the case step writes it)."""
    m = (frame.folded if folded and frame.folded else frame.pattern).fullmatch(sentence)
    if m is None:
        return None
    words = m.group("slot").split()
    if any(w.lower() in NOT_IN_SLOT[source] for w in words) or len(words) == 1 and words[0].lower() in LONE_NOT[source]:
        return None
    if source == "de" and not words[-1][:1].isupper():
        return None
    if frame.statement and words[0].lower() not in STATEMENT_OPENERS[source] and any(w.islower() for w in words):
        return None
    last = words[-1].lower()
    if source == "en" and (last in LAST_NOT or last.endswith("ing") and last not in ING_NOUNS):
        return None
    return m


def filled(frame: Frame, typed: str, body: str, genders: dict[str, str], target: str, named: bool = False) -> str:
    """The frame's words around the slot's translation (body) of the slot as typed: its German article and an
    adjective opening it lowercase ("frisches Brot", not a name as typed: "Deutsche Bahn"), in the frame's case, an
    English first word lowercase unless it is a name (kept from the typed slot, "Anna", or an exonym, "Munich");
    `named`: the typed German slot is a name (a word the corpus lacks or its translations copy, "Aldi",
    "Starbucks"), which the model's noun after the frame's own article keeps as typed ("the nearest Starbucks", but
    "the next bus" for "Bus"); "" where the frame cannot hold it (the nearest one's noun of no gender known)."""
    if frame.statement:             # the slot opens the sentence: "Das Wetter ist schön."
        closing = frame.named if frame.named and not frame.known and body.split() == typed.split() else frame.closing
        if not frame.known:                             # the tables' own noun phrase has the number typed
            closing = agreed(closing, number_of(body, target, genders), target)
        body = frame.known or body                      # a name the model copies ("Anna") is a person's
        first = body.split()[0] if body.split() else ""
        return (body[:1].upper() + body[1:] if first.islower() else body) + closing      # "eBay", "iPhone"
    first = body.split()[0] if body.split() else ""
    if target == "en" and first != "I" and first not in typed.split()[:1] and first not in EXONYMS.values() and \
            (first[1:].islower() or len(first) == 1):
        body = first.lower() + body[len(first):]
    article = ""
    if own_article(frame):                              # the frame has its article: the model's goes
        words = body.split()
        article = words[0].lower() if len(words) > 1 and words[0].lower() in ARTICLES_ALONE else ""
        body = " ".join(words[1:] if article else words)
        first = body.split()[0] if body.split() else ""
        if target == "en" and body[1:2].islower() and not (named and first in typed.split()) and \
                first not in EXONYMS.values():                     # the German noun's capital: "the next bus"
            body = body[:1].lower() + body[1:]
    if frame.nearest and target == "de":
        near = nearest(body, frame, genders, article)
        return frame.opening + near + frame.closing if near else ""
    if target == "de":
        words = body.split()
        if words and words[0].lower() in DETERMINERS:
            words[0] = words[0].lower()
        elif len(words) > 1 and words[0] not in typed.split() and words[1][:1].isupper() and \
                words[0].endswith(("e", "en", "er", "es", "em")) and words[0].lower() not in genders:
            # an adjective ("ich frisches Brot kaufen"), no noun the corpus gives an article ("Trainer")
            words[0] = words[0].lower()
        if frame.case == "acc":
            words = accusative(words, genders)
        elif frame.case == "dat" and words and words[0] == "die":     # "die Schweiz", "die USA"
            words[0] = ARTICLED.get(words[-1], "der")
        elif frame.case == "dat" and words and words[0] in ("der", "das"):      # "der Iran": "aus dem Iran"
            words[0] = "dem"
        elif frame.case == "dat" and words and words[-1] in ARTICLED and len(words) == 1:     # "Schweiz"
            words.insert(0, ARTICLED[words[-1]])
        body = " ".join(words)
    opening = frame.opening
    if frame.plural and plural_english(body):
        opening = frame.plural
    return opening + body + frame.closing


def own_article(frame: Frame) -> bool:
    """Whether the frame says its slot's article itself ("Where is the nearest X?", "Wo ist die nächste X?")."""
    return bool(frame.nearest) or frame.opening.endswith(NEXT_ONE)


def nearest(body: str, frame: Frame, genders: dict[str, str], article: str = "") -> str:
    """A German noun (the model's article dropped) with the frame's adjective after the definite article its gender
    takes: "Apotheke" -> "die nächste Apotheke", "Zug" -> "der nächste Zug" (the corpus' or the everyday nouns'
    gender, else the model's article's: "Das Hotel" -> "das nächste Hotel"); "" where none tells ("Supermarkt": no
    "die nächste Supermarkt")."""
    noun = body.split()[-1].lower() if body.split() else body
    gender = genders.get(noun) or GERMAN_GENDERS.get(noun) or ARTICLE_GENDERS.get(article)
    if gender is None:
        return ""
    article, ending = {"m": ("der", "e"), "n": ("das", "e"), "p": ("die", "en")}.get(gender, ("die", "e"))
    if frame.case == "acc" and gender == "m":
        article, ending = "den", "en"
    adjective = frame.nearest[:-1] + ending if frame.nearest.endswith("e") else frame.nearest
    return f"{article} {adjective} {body}"


def accusative(words: list[str], genders: dict[str, str]) -> list[str]:
    """A German noun phrase in the nominative (as a model translates one alone) in the accusative: only a masculine
    noun's article and adjectives change ("der große Tisch" -> "den großen Tisch", "ein Tisch" -> "einen Tisch" where
    genders say "tisch" is "m")."""
    if not words:
        return words
    first, noun = words[0], words[-1].lower()
    if first == "der":
        adjective = "e"
    elif first in OPEN_NOMINATIVE and genders.get(noun) == "m":
        adjective = "er"
    else:
        return words
    middle = [w[:-len(adjective)] + "en" if w.islower() and w.endswith(adjective) else w for w in words[1:-1]]
    article = "den" if first == "der" else "euren" if first == "euer" else first + "en"
    return [article, *middle, words[-1]] if len(words) > 1 else words
