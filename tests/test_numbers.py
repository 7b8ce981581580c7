"""text/numbers.py: numbers leave a German source as placeholders for their English form, training pairs carry
them on both sides, and the search may never write a digit."""
import pytest

from data.subwords import Subwords
from text.numbers import Numbers
from text.placeholders import PLACEHOLDERS

P0, P1 = PLACEHOLDERS[:2]


@pytest.mark.parametrize("source, masked, fills", [
    ("Die Frau kauft 3,5 kg Äpfel für 12 Euro.", f"Die Frau kauft {P0} kg Äpfel für {P1} Euro.", ("3.5", "12")),
    ("Der Zug fährt um 14:30 Uhr ab.", f"Der Zug fährt um {P0} ab.", ("14:30",)),
    ("Treffen um 8 Uhr.", f"Treffen um {P0}.", ("8 o'clock",)),
    ("Ein Airbus A380 und COVID-19.", f"Ein Airbus {P0} und {P1}.", ("A380", "COVID-19")),
    ("Ein 3-jähriger Junge läuft 1.200 m.", f"Ein {P0}-jähriger Junge läuft {P1} m.", ("3", "1,200")),
    ("Zwei Hunde spielen.", "Zwei Hunde spielen.", ()),
    ("Es ist -5 Grad, nachts −12,5.", f"Es ist {P0} Grad, nachts {P1}.", ("-5", "-12.5")),   # signs belong to it
    ("Es kamen 1e5 Leute, von 3-5 Uhr.", f"Es kamen {P0} Leute, von {P1}-{PLACEHOLDERS[2]}.",
     ("1e5", "3", "5 o'clock")),                                                     # exponents too; a range is two
])
def test_numbers_become_placeholders_that_stand_for_their_english_form(source, masked, fills):
    assert Numbers().apply(source) == (masked, fills)


def test_a_training_pair_gets_placeholders_only_where_every_number_is_on_both_sides():
    assert Numbers().apply_pair("Ein Mann mit 3,5 kg und 12 Euro.", "A man with 3.5 kg and 12 euros.") == \
        (f"Ein Mann mit {P0} kg und {P1} Euro.", f"A man with {P0} kg and {P1} euros.")
    unmatched = ("Fünf Männer, 5 Hunde.", "Five men, five dogs.")
    assert Numbers().apply_pair(*unmatched) == unmatched
    assert Numbers().apply_pair("Um 14 Uhr.", "At 2 pm.") == (f"Um {P0}.", f"At {P0} pm.")
    assert Numbers().apply_pair("Es ist -5 Grad.", "It is -5 degrees.") == (f"Es ist {P0} Grad.", f"It is {P0} degrees.")


def test_every_piece_with_a_digit_is_banned_and_nothing_else():
    joint = Subwords.learn([["Ein", "Hund", "3", "A380", P0], ["A", "dog", "12"]] * 30, 300, symbols=PLACEHOLDERS)
    banned = {joint.vocab.itos[i] for i in Numbers().banned_pieces(joint.vocab.itos)}
    digit_pieces = {p for p in joint.vocab.itos if any(c.isdigit() for c in p) and not p.startswith("<0x")}
    assert digit_pieces and digit_pieces <= banned
    assert "<0x31>" in banned and "<0x41>" not in banned and P0 not in banned and "<eos>" not in banned
    assert all(joint.split([p]) in ([p], ["▁", p], ["▁" + p]) for p in PLACEHOLDERS)   # one piece each
