"""The steps a checkpoint's text goes through, in order, and back.

    pipeline = Pipeline.from_config(ckpt.cfg)          # the steps this checkpoint was trained with
    applied = pipeline.apply("Die Frau kauft 3,5 kg.")  # applied.sentences: what the model reads
    outputs = [the model's output for each sentence]
    translations = [pipeline.reverse_sentence(o, states).text for o, states in zip(outputs, applied.states)]
    pipeline.reverse_line(translations, applied.line_states)   # -> "The woman buys 3.5 kg."
    pipeline.apply(line, pipeline.terms({"kg": "kilos"}))  # a request's own glossary, on the same steps

Steps up to a splitting step (one whose `splits` is true: its apply gives a list of sentences) work on the whole
line; the steps after it work on each sentence. Without a splitting step a line is one sentence. Training pairs go
through `apply_pair` of every step but the splitter (a training pair is one sentence).
"""
from __future__ import annotations

import re
from typing import NamedTuple

from config import DataConfig
from text.finders.abbreviations import Abbreviations
from text.finders.adverbs import Adverbs
from text.finders.calendar_names import CalendarNames
from text.finders.timed_signs import TimedSigns
from text.finders.clock_words import ClockWords
from text.finders.copy_through import CopyThrough
from text.finders.formal_address import FormalAddress
from text.finders.fractions import Fractions
from text.finders.german_verbs import GermanVerbs
from text.finders.glossary import EverydayNouns, Glossary, Terms, whole_spans
from text.finders.named_ages import NamedAges
from text.finders.names import Names
from text.finders.number_compounds import NumberCompounds
from text.finders.nouns import Nouns
from text.finders.numbered_words import NumberedWords
from text.finders.digit_runs import DigitRuns
from text.finders.numbers import Numbers
from text.finders.opening_pronouns import OpeningPronouns
from text.finders.predicates import Predicates
from text.finders.phrases import Phrases
from text.finders.present_verbs import PresentVerbs
from text.finders.slots import SLOTS, Slots
from text.finders.spelled_amounts import SpelledAmounts
from text.forms.lexicon import Lexicon
from text.forms.masking import unmask
from text.step import Step
from text.steps.apostrophes import Apostrophes
from text.steps.case import Case
from text.steps.compounds import Compounds
from text.steps.contractions import Contractions
from text.steps.english_past import EnglishPast
from text.steps.english_person import EnglishPerson
from text.steps.final_mark import FinalMark
from text.steps.first_capital import FirstCapital
from text.steps.inner_stop import InnerStop
from text.steps.marks import StrayMarks
from text.steps.normalize import Normalize
from text.steps.participles import Participles
from text.steps.placeholders import Placeholders
from text.steps.possessives import PossessiveEnding
from text.steps.question_person import QuestionPerson
from text.steps.quotations import Quotations
from text.steps.sentences import Sentences
from text.steps.spacing import StopSpacing
from text.steps.tense_bridge import TenseBridge
from text.steps.typos import Typos
from text.steps.umlauts import Umlauts
from text.steps.verb_person import VerbPerson
from util.errors import UserError

SLOT_CHAR = re.compile("[\ue100-\ue1ff]")      # a quotation's slot (text/finders/slots.py's SLOTS)
NO_GLOSSARY = ("this model was trained without placeholders (--data.placeholders=false, or before they existed), "
               "so it cannot apply a glossary; train a new one")


class Applied(NamedTuple):
    sentences: list[str]        # what the model reads, in order; none for a blank line
    states: list[tuple]         # per sentence: the states of the sentence steps, for their reverse
    line_states: tuple          # the states of the line steps (the splitter's last)
    originals: list[tuple]      # per sentence: what its placeholders stand for in the source, as written there


class Reversed(NamedTuple):
    text: str                   # the translation of one sentence with every step undone
    lost: int                   # how many things of its source (placeholders, ...) the output had lost


class Pipeline:
    def __init__(self, steps: list[Step]):
        split = [k for k, step in enumerate(steps) if getattr(step, "splits", False)]
        if len(split) > 1:
            raise ValueError("a pipeline splits a line into sentences once")
        cut = split[0] + 1 if split else 0
        self.steps = list(steps)
        self.line_steps, self.sentence_steps = self.steps[:cut], self.steps[cut:]
        self.splitter = self.steps[split[0]] if split else None

    @classmethod
    def from_config(cls, cfg: DataConfig, glossary: dict[str, str] | None = None,
                    lexicon: Lexicon | None = None) -> "Pipeline":
        """The steps of a model of this config, in order: clean the line, split it into sentences (and quotations, with
        placeholders), restore their case, then placeholders (quotations' slots, the user's glossary, then phrases, a
        sign's line of its days, time and state ("Mo um 8 geschlossen."), a name with its age ("Anna (32)"), a
        sentence adverb the corpus lacks, a noun alone, an everyday noun the corpus lacks ("Akku"), what is copied
        through, numbers (with what they count: "3-jährig"; a price or measure in words, "einen Euro"), month and
        weekday names, and names), then a common
        word's typing slip ("Fahrad"), then the source's first capital, a German possessive's ending ("Sein Katze" ->
        "Seine Katze"; and an article's before a glossary term, whose gender it tells its fill: "Die Hund" ->
        "Der Hund"), the source's final mark, then no full stop inside a sentence that had none, then no space before
        a full stop or comma, then stray quotes, brackets and dashes. Steps that need what the training corpus says (the
        lexicon) are left out without one (models trained before it existed); a glossary needs placeholders."""
        if glossary and not cfg.placeholders:
            raise UserError(NO_GLOSSARY)
        terms = Terms(glossary)
        steps: list[Step] = [Normalize()]
        if cfg.src_lang == "en":
            steps.append(Apostrophes())              # "I dont know": before any step reads its words
            steps.append(Contractions())             # "We'll", "she'd": written out, as the corpus writes them
        elif cfg.src_lang == "de":
            steps.append(Contractions("de"))         # chat shorthand: "vllt", "hdl" written out
        phrases = Phrases(cfg.src_lang, cfg.tgt_lang) if cfg.phrases else None
        everyday = EverydayNouns(lexicon, cfg.src_lang, cfg.tgt_lang, whole_spans(cfg.src_lang, cfg.tgt_lang)) \
            if lexicon is not None and cfg.phrases and cfg.placeholders else None     # "Akku", "receipt"
        case = Case(lexicon, terms, everyday.terms if everyday else None, cfg.src_lang) \
            if cfg.case and lexicon is not None else None
        if cfg.sentences:
            genders = lexicon.genders if lexicon is not None and cfg.tgt_lang == "de" else {}
            steps.append(Quotations(cfg.tgt_lang, phrases, genders, case) if cfg.placeholders else Sentences())
        if lexicon is not None and cfg.src_lang == "de":
            steps.append(Umlauts(lexicon))           # "Gruesse aus Muenchen": before the case step reads its words
        if case is not None:
            steps.append(case)
        steps += [Compounds(lexicon)] if lexicon is not None and (cfg.src_lang, cfg.tgt_lang) == ("en", "de") else []
        steps += [TenseBridge()] if (cfg.src_lang, cfg.tgt_lang) == ("en", "de") else []   # "wrote" -> "writes"
        possessives = PossessiveEnding(lexicon.genders if lexicon is not None else {}) if cfg.tgt_lang == "de" \
            else None
        if cfg.placeholders:
            direction = (cfg.src_lang, cfg.tgt_lang)
            numbers = Numbers(*direction)
            names = Names(lexicon, *direction) if cfg.names and lexicon is not None else None
            finders = [Slots(), Glossary(terms, whole_spans(*direction), possessives and possessives.term_gender),
                       phrases, TimedSigns(CalendarNames(*direction), numbers),     # before the numbers' times
                       NamedAges(names) if names else None,                        # and their ages
                       Abbreviations(*direction), NumberedWords(*direction), ClockWords(*direction),
                       Adverbs(lexicon, *direction) if lexicon is not None and cfg.phrases else None,
                       FormalAddress(*direction) if cfg.phrases else None,
                       Nouns(lexicon, *direction) if lexicon is not None else None,
                       everyday,
                       Predicates(lexicon, *direction) if lexicon is not None and cfg.phrases else None,
                       CopyThrough() if cfg.copy_through else None,
                       Fractions(*direction),       # before the digit runs': "3/4 der" -> "3/4 of the", not "3/4"
                       NumberCompounds(numbers, lexicon), DigitRuns(numbers), numbers, SpelledAmounts(*direction),
                       CalendarNames(*direction),
                       names,
                       OpeningPronouns(*direction) if cfg.phrases else None,   # "It is 8 o'clock" is a time's
                       PresentVerbs(lexicon) if lexicon is not None and cfg.phrases and direction == ("en", "de")
                       else GermanVerbs(lexicon) if lexicon is not None and cfg.phrases and direction == ("de", "en")
                       else None]                                    # "lives" <-> "wohnt"
            steps.append(Placeholders([f for f in finders if f is not None]))
        if lexicon is not None:
            steps.append(Typos(lexicon))     # after the placeholders: a name, a number, an address is no typo
        steps.append(FirstCapital())         # after the case step's apply: a line in capitals gets its case back later
        if possessives is not None:
            steps.append(possessives)
        if (cfg.src_lang, cfg.tgt_lang) == ("en", "de"):
            steps.append(VerbPerson())           # "Ich arbeitet" -> "Ich arbeite": its reverse before the fills'
            steps.append(QuestionPerson())       # "Can you" -> "Können ihr" -> "Könnt ihr"
            steps.append(Participles())          # "I lost it" -> "Ich habe es" + "verloren"
        if (cfg.src_lang, cfg.tgt_lang) == ("de", "en"):
            steps.append(EnglishPast())          # "I have my key" -> "I forgot my key"
            steps.append(EnglishPerson())        # "My sister live" -> "lives": its reverse before the past's
        steps.append(FinalMark())            # on the masked sentence: a fill's own full stop ("3.") is out of reach
        steps.append(InnerStop())            # its reverse runs after the spacing's ("\ue000 . am" is "\ue000. am" then)
        steps.append(StopSpacing(cfg.tgt_lang))   # its reverse runs after the marks' (which may leave "haired .")
        if cfg.marks:        # after the placeholders: it sees the masked sentence, and its reverse runs before theirs
            steps.append(StrayMarks())
        return cls(steps)

    def terms(self, glossary: dict[str, str]) -> Terms:
        """A request's glossary, compiled for apply; refused where no step reads one (a model without
        placeholders)."""
        if glossary and not any(isinstance(step, Placeholders) for step in self.steps):
            raise UserError(NO_GLOSSARY)
        return Terms(glossary)

    def apply(self, line: str, terms: Terms | None = None) -> Applied:
        """The line through the steps; given `terms` (Pipeline.terms: a request's glossary), they read those in place
        of the pipeline's own."""
        sentence_steps = self.sentence_steps if terms is None else [s.given(terms) for s in self.sentence_steps]
        line_states = []
        for step in self.line_steps:
            line, state = step.apply(line)      # the splitter's (the last line step's) gives the line's sentences
            line_states.append(state)
        split = line if self.splitter else ([line] if line.strip() else [])
        sentences, states, originals = [], [], []
        for sentence in split:
            sentence_states, shown = [], ()
            for step in sentence_steps:
                if isinstance(step, Placeholders):
                    shown = step.originals(sentence)
                sentence, state = step.apply(sentence)
                sentence_states.append(state)
            sentences.append(sentence)
            states.append(tuple(sentence_states))
            originals.append(shown)
        return Applied(sentences, states, tuple(line_states), originals)

    def shown(self, pieces: list[str], values: tuple[str, ...], line_states: tuple = ()) -> list[str]:
        """Pieces as a person reads them: each placeholder as what it stands for (Applied.originals on the source
        side, fills() on the output side), and a quotation's slot as its quotation marks around an ellipsis, or the
        name it keeps as written (the quotation itself is a sentence of its own: its own map)."""
        slots = next((state.slots for step, state in zip(self.line_steps, line_states)
                      if isinstance(step, Quotations)), ())
        labels = {SLOTS[k]: slot.as_written or f"{slot.opening}…{slot.closing}" for k, slot in enumerate(slots)}
        return [SLOT_CHAR.sub(lambda m: labels.get(m.group(), m.group()), unmask(piece, values)) for piece in pieces]

    def fills(self, states: tuple) -> tuple[str, ...]:
        """What a sentence's placeholders become in its translation."""
        return next((state for step, state in zip(self.sentence_steps, states) if isinstance(step, Placeholders)),
                    None) or ()

    def reverse_sentence(self, output: str, states: tuple) -> Reversed:
        """One sentence's translation back through the sentence steps, last step first."""
        lost = 0
        for step, state in zip(reversed(self.sentence_steps), reversed(states)):
            lost += step.lost(output, state)
            output = step.reverse(output, state)
        return Reversed(output, lost)

    def reverse_line(self, translations: list[str], line_states: tuple) -> str:
        """The translations of a line's sentences (reverse_sentence's) as one line, back through the line steps."""
        text = translations if self.splitter else (translations[0] if translations else "")
        for step, state in zip(reversed(self.line_steps), reversed(line_states)):
            text = step.reverse(text, state)
        return text

    def apply_pair(self, source: str, target: str) -> tuple[str, str]:
        """A training pair through every step but the splitter."""
        for step in self.steps:
            if step is not self.splitter:
                source, target = step.apply_pair(source, target)
        return source, target

    def banned_pieces(self, pieces: list[str]) -> set[int]:
        """Ids of the pieces (pieces[id]) any step forbids in a translation."""
        return set().union(*(step.banned_pieces(pieces) for step in self.steps))
