"""A sentence adverb that opens a sentence ("Leider", "Gestern", "Unfortunately", "Yesterday") and that the training
corpus lacks becomes a placeholder for the target's adverb: image captions never say when or how sure, so a caption
model copies the word as a name ("Trotzdem two men swim ...") or writes junk for it. German -> English and back.

    Adverbs(lexicon, "de", "en").find("Leider ist der Laden zu.")   -> [Span(0, 6, "Unfortunately")]

Only at the start of a sentence (after opening quotes), before a space, a comma or the sentence's end, and only
where the corpus does not teach the word (of two, either; text/forms/lexicon.py's Lexicon.taught): a model trained
on a corpus that has it often translates it in context. A day in one word ("heute", "tomorrow") is one anywhere in
the sentence, in lowercase, and so is a time phrase of two or three words (TIMES: "last week" -> "letzte Woche",
"every Sunday afternoon" -> "jeden Sonntagnachmittag", "jeden Tag" -> "every day"; "in the morning" -> "morgens"
only at the sentence's end), unless the corpus holds each of its words ten times as often as it teaches a word
("at night": captions teach it), not after an article ("the last week") nor before a possessive ("next week's").
"""
from __future__ import annotations

import re

from text.finders.finder import PlaceholderStep
from text.forms.calendar import WEEKDAYS
from text.forms.event_frames import DAY_WORDS
from text.forms.lexicon import TAUGHT, Lexicon
from text.forms.masking import Span, overlaps

GERMAN = {
    "leider": "Unfortunately", "trotzdem": "Still", "deshalb": "That is why", "deswegen": "That is why",
    "außerdem": "Also", "jedoch": "However", "allerdings": "However", "endlich": "Finally", "plötzlich": "Suddenly",
    "gestern": "Yesterday", "vielleicht": "Maybe", "natürlich": "Of course",
    "übrigens": "By the way", "inzwischen": "Meanwhile", "schließlich": "Finally", "anschließend": "Afterwards",
    "zuerst": "First", "danach": "After that", "hoffentlich": "Hopefully", "glücklicherweise": "Luckily",
    "zum glück": "Luckily", "normalerweise": "Usually", "manchmal": "Sometimes", "oft": "Often",
    "sofort": "Right away", "bald": "Soon", "später": "Later", "jetzt": "Now", "eigentlich": "Actually",
    "wahrscheinlich": "Probably",
    "heute nacht": "Tonight", "heute morgen": "This morning", "heute früh": "This morning",
    "heute nachmittag": "This afternoon", "morgen früh": "Tomorrow morning", "morgen abend": "Tomorrow evening",
    "morgen nachmittag": "Tomorrow afternoon", "gestern abend": "Last night", "gestern morgen": "Yesterday morning",
    "gestern nachmittag": "Yesterday afternoon", "heute mittag": "Today at noon", "morgen mittag": "Tomorrow at noon",
}
ENGLISH = {
    "unfortunately": "Leider", "yesterday": "Gestern",
    "suddenly": "Plötzlich", "sometimes": "Manchmal", "usually": "Normalerweise", "maybe": "Vielleicht",
    "perhaps": "Vielleicht", "finally": "Endlich", "however": "Jedoch", "meanwhile": "Inzwischen",
    "afterwards": "Danach", "luckily": "Zum Glück", "fortunately": "Zum Glück", "hopefully": "Hoffentlich",
    "of course": "Natürlich", "by the way": "Übrigens", "later": "Später", "now": "Jetzt", "soon": "Bald",
    "often": "Oft", "actually": "Eigentlich", "probably": "Wahrscheinlich", "nevertheless": "Trotzdem",
    "tomorrow morning": "Morgen früh", "tomorrow evening": "Morgen Abend",
    "tomorrow afternoon": "Morgen Nachmittag", "yesterday morning": "Gestern Morgen",
    "yesterday evening": "Gestern Abend", "yesterday afternoon": "Gestern Nachmittag",
}
for _de, _en in DAY_WORDS:               # "heute", "morgen", "heute Abend": the event frames' days in words
    GERMAN[_de.lower()], ENGLISH[_en] = _en[0].upper() + _en[1:], _de[0].upper() + _de[1:]
TABLES = {("de", "en"): GERMAN, ("en", "de"): ENGLISH}
DAYS = {"de": ("heute", "gestern", "morgen"), "en": ("today", "yesterday", "tomorrow", "tonight")}
# time phrases anywhere in a sentence (a caption model wrote "dieses Morgens" for "this morning", or dropped it), in
# the target's case inside a sentence; German -> English the same table turned round, but for a day with its time
# of it (DAYS: "heute Abend"), "every"'s German forms, and English's "in the" one at a sentence's end only
PAIRS = [("this morning", "heute Morgen"), ("this afternoon", "heute Nachmittag"), ("this evening", "heute Abend"),
         ("last night", "gestern Abend"), ("this week", "diese Woche"), ("this month", "diesen Monat"),
         ("this year", "dieses Jahr"), ("this weekend", "dieses Wochenende"), ("last week", "letzte Woche"),
         ("last month", "letzten Monat"), ("last year", "letztes Jahr"), ("last weekend", "letztes Wochenende"),
         ("next week", "nächste Woche"), ("next month", "nächsten Monat"), ("next year", "nächstes Jahr"),
         ("next weekend", "nächstes Wochenende"), ("every day", "jeden Tag"), ("every week", "jede Woche"),
         ("every month", "jeden Monat"), ("every year", "jedes Jahr"), ("every weekend", "jedes Wochenende"),
         ("every morning", "jeden Morgen"), ("every afternoon", "jeden Nachmittag"), ("every evening", "jeden Abend"),
         ("every night", "jede Nacht"), ("at night", "nachts")]
PARTS = {"morning": "morgen", "afternoon": "nachmittag", "evening": "abend", "night": "nacht"}
for _en, _de in zip(WEEKDAYS["en"], WEEKDAYS["de"]):     # "every Monday" -> "jeden Montag", "last Sunday", ...
    for _det, _art in (("every", "jeden"), ("last", "letzten"), ("next", "nächsten"), ("this", "diesen")):
        PAIRS += [(f"{_det} {_en}", f"{_art} {_de}")] + \
            [(f"{_det} {_en} {part}", f"{_art} {_de}{noun}") for part, noun in PARTS.items()]  # "Sonntagabend"
ENDING = [("in the morning", "morgens"), ("in the afternoon", "nachmittags"), ("in the evening", "abends")]
TIMES = {"en": {en.lower(): de for en, de in PAIRS},
         "de": {de.lower(): en for en, de in PAIRS + ENDING if de.split()[0] not in DAYS["de"]}}
ENDINGS = {"en": {en: de for en, de in ENDING}}       # "I run in the morning.", not "a man in the morning sun"
ARTICLE = "".join(rf"(?<!\b(?i:{a}) )" for a in "the a der die das den dem des ein eine einen einem einer".split())
AFTER_A_TIME = re.compile(r"(?:\d|o['’]clock|[ap]\.?m\.?|uhr) +$", re.I)   # "3 o'clock in the afternoon": a time's
PARTS_OF_A_TIME = {w for pair in ENDING + [("at night", "nachts")] for w in pair}   # (text/finders/numbers.py)
PHRASE_TAUGHT = 10 * TAUGHT     # a phrase of common words is the model's only where each is very common
# a day in one word is one anywhere in the sentence, in lowercase ("Es sind heute 25 °C in Berlin." -> "There are
# erute 25 °C in Berlin." from a 30-minute model), and so is a day with a time of it that the tables hold ("heute
# Abend" -> "tonight"), but not with another ("heute Mittag")
PART_OF_DAY = r"(?: ((?i:abend|früh|nacht|nachmittag|vormittag|mittag|morgen|night|morning|evening|afternoon)))?"
OPENING = "[\"'„“‚‘»«(\\[ ]*"                      # before the adverb: opening quotes and brackets
AFTER = "(?=,? |[.!?…]*[\"'“”‘’»«)\\]]*$)"           # after it: a space, a comma, or the sentence's end


class Adverbs(PlaceholderStep):
    def __init__(self, lexicon: Lexicon, source: str = "de", target: str = "en"):
        self.lexicon = lexicon
        self.table = TABLES.get((source, target), {})
        words = "|".join(re.escape(a).replace(r"\ ", " +") for a in sorted(self.table, key=len, reverse=True))
        self.pattern = re.compile(rf"{OPENING}((?i:{words})){AFTER}") if words else None
        days = DAYS[source] if self.table else ()
        self.days = re.compile(rf"(?<=\S )({'|'.join(days)}){PART_OF_DAY}\b{AFTER}") if days else None
        times = TIMES.get(source, {}) if self.table else {}
        self.times = {**times, **ENDINGS.get(source, {})}
        alternatives = [re.escape(t).replace(r"\ ", " +") for t in sorted(times, key=len, reverse=True)]
        endings = [re.escape(t).replace(r"\ ", " +") for t in ENDINGS.get(source, {})]
        ending = rf"|(?:{'|'.join(endings)})(?=[.!?…]*[\"'“”‘’»«)\]]*$)" if endings else ""
        self.phrases = re.compile(rf"{ARTICLE}(?<![\w'’-])((?i:{'|'.join(alternatives)}{ending}))(?![\w'’-])") \
            if alternatives else None

    def find(self, text: str) -> list[Span]:
        m = self.pattern.match(text) if self.pattern else None
        spans = [] if m is None or all(self.lexicon.taught(w) for w in m.group(1).split()) else \
            [Span(m.start(1), m.end(1), self.table[" ".join(m.group(1).lower().split())])]
        for day in self.days.finditer(text) if self.days else ():
            key = " ".join(day.group(1, 2)).lower() if day.group(2) else day.group(1)
            if not self.lexicon.taught(day.group(1)) and key in self.table:      # "heute Abend" -> "tonight"
                fill = self.table[key]
                spans.append(Span(day.start(1), day.end(), fill[0].lower() + fill[1:]))
        for time in self.phrases.finditer(text) if self.phrases else ():
            key = " ".join(time.group(1).lower().split())
            span = Span(time.start(1), time.end(1), self.times[key])
            words = time.group(1).split()       # one word ("nachts") as the others, two or more as a phrase
            if key in PARTS_OF_A_TIME and AFTER_A_TIME.search(text[:span.start]):
                continue
            if not overlaps(span, spans) and not all(self.lexicon.count(w) >= (PHRASE_TAUGHT if words[1:] else
                                                                               TAUGHT) for w in words):
                opening = not text[:span.start].strip("\"'„“‚‘»«([ ")    # "Last week" opens: "Letzte Woche"
                fill = span.fill[0].upper() + span.fill[1:] if opening else span.fill
                spans.append(span._replace(fill=fill))
        return sorted(spans)
