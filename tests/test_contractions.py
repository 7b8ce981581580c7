"""text/steps/contractions.py: English "'ll" and "'d" after a pronoun, written out before translation."""
import pytest

from config import DataConfig
from text.pipeline import Pipeline
from text.steps.contractions import Contractions


@pytest.mark.parametrize("line, written", [
    ("We'll arrive around 6 pm.", "We will arrive around 6 pm."),
    ("She'd like tea, and they’d too.", "She would like tea, and they would too."),
    ("WE'LL GO.", "WE WILL GO."),
    ("Bill'll come, Ted'd know.", "Bill'll come, Ted'd know."),          # after a name: left as typed
    ("We will see.", "We will see."),
    ("See example.com/we'd, and she'd come.", "See example.com/we'd, and she would come."),    # copied through
])
def test_ll_and_d_after_a_pronoun_are_written_out(line, written):
    assert Contractions().apply(line) == (written, None)


@pytest.mark.parametrize("line, written", [
    ("We're open.", "We are open."),              # came back as "Wir's offenem offenen."
    ("They’re here, I'm sure.", "They are here, I am sure."),
    ("You've seen it, I've not.", "You have seen it, I have not."),
    ("WE'RE LATE.", "WE ARE LATE."),
])
def test_re_ve_and_m_after_a_pronoun_are_written_out(line, written):
    assert Contractions().apply(line) == (written, None)


@pytest.mark.parametrize("line, written", [
    ("It's 25 degrees today.", "It is 25 degrees today."),      # came back as "Ich nehme 25 Grad heute."
    ("Who's there? She’s been here.", "Who is there? She has been here."),
    ("Let's go to Tom's car.", "Let's go to Tom's car."),       # no pronoun: "let us", a possessive
])
def test_s_after_a_pronoun_is_is_or_has_before_a_participle(line, written):
    assert Contractions().apply(line) == (written, None)


@pytest.mark.parametrize("line, written", [
    ("Where r u?", "Where are you?"),                       # came back as "Wo ist uun?"
    ("Thx, see u b4 8.", "Thanks, see you before 8."),      # "See u at 8": "Ein Hu um 8 Uhr"
    ("Pls call. Ur dog, ur cat.", "Please call. Your dog, your cat."),
    ("U2, R&B, u. and B4 in Ur; THX, R U?", "U2, R&B, u. and B4 in Ur; THX, R U?"),    # a name, caps, an initial
    ("See u@r.de or `r = u`.", "See u@r.de or `r = u`."),                             # copied through
])
def test_chat_shorthand_for_a_whole_word_is_written_out(line, written):
    assert Contractions().apply(line) == (written, None)


@pytest.mark.parametrize("line, written", [
    ("idk what to do tbh", "I don't know what to do to be honest"),      # came back as "Idk, was etwas machen"
    ("brb, gonna grab food asap", "be right back, going to grab food as soon as possible"),
    ("Btw, imo I wanna go. Gotta go, see ya!", "By the way, in my opinion I want to go. Got to go, see you!"),
    ("Ty for the help, cya", "Thank you for the help, see you"),
    ("np", "no problem"), ("ty!", "thank you!"), ("Ok, gn 😴", "Ok, good night 😴"),   # alone: "Witsprensp", "binden"
    ("BTW, IMO, Imo Sesay, Ty Burrell, the NP, gn is short, np.random",
     # capitals, a name, a word inside a sentence, code: as typed
     "BTW, IMO, Imo Sesay, Ty Burrell, the NP, gn is short, np.random"),
])
def test_chat_shorthand_for_a_phrase_is_written_out(line, written):
    assert Contractions().apply(line) == (written, None)


@pytest.mark.parametrize("line, written", [
    ("vllt komme ich morgen", "vielleicht komme ich morgen"),       # came back as "Vllt Komme I morning"
    ("Evtl bin ich später da", "Eventuell bin ich später da"),
    ("hdl", "hab dich lieb"), ("hdgdl!", "hab dich ganz doll lieb!"),     # "Does he travel"
    ("kA", "keine Ahnung"), ("gn8", "gute Nacht"), ("np", "kein Problem"), ("bb 👋", "bis bald 👋"),   # "Baseballs"
    ("KA ist Karlsruhe, ka, das bb-Modell, Er hat bb, evtl. morgen, VLLT",
     # a name, a word inside a sentence, an abbreviation's full stop
     "KA ist Karlsruhe, ka, das bb-Modell, Er hat bb, evtl. morgen, VLLT"),
])
def test_german_chat_shorthand_is_written_out(line, written):
    assert Contractions("de").apply(line) == (written, None)


def test_a_german_source_has_its_chat_shorthand_written_out():
    assert Pipeline.from_config(DataConfig()).apply("hdl").sentences == ["hab dich lieb"]


def test_an_english_source_has_them_written_out_before_the_model_reads_it():
    english = Pipeline.from_config(DataConfig(src_lang="en", tgt_lang="de"))
    assert english.apply("We'll be late.").sentences == ["We will be late."]    # "We'll go.": the future's bridge
    assert Pipeline.from_config(DataConfig()).apply("We'll go.").sentences == ["We'll go."]    # German: no such step


def test_a_phrase_with_a_contraction_is_still_a_phrase_once_it_is_written_out():
    """"We're" written out must not lose "You're welcome" (Gern geschehen) or "I'm sorry" to the model."""
    english = Pipeline.from_config(DataConfig(src_lang="en", tgt_lang="de"))
    assert english.apply("You're welcome!").originals == [("You are welcome",)]
