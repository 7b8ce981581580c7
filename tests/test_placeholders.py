"""text/forms/masking.py, text/steps/placeholders.py: spans become placeholders numbered in text order and come back
as their fills; several placeholder steps share one numbering; training pairs get the same placeholder on both sides."""
import pytest

from text.finders.finder import PlaceholderStep
from text.forms.masking import (PLACEHOLDERS, Alone, Opener, Span, carried, exactly_once, fill, merge, missing,
                                nothing_to_translate)
from text.forms.units import Reading
from text.steps.placeholders import Placeholders

P0, P1, P2 = PLACEHOLDERS[:3]


class Words(PlaceholderStep):
    """A test step: the given words, each filled by its upper case; in a pair, found as written in the target."""

    def __init__(self, *words):
        self.words = words

    def find(self, text):
        return sorted(Span(text.index(w), text.index(w) + len(w), w.upper()) for w in self.words if w in text)

    def find_in_target(self, source, spans, target):
        found = [(target.find(source[s.start:s.end]), s.end - s.start) for s in spans]
        return None if any(start < 0 for start, _ in found) else [(start, start + n) for start, n in found]


def test_spans_become_placeholders_in_text_order_and_come_back_as_their_fills():
    text, fills = Words("Hund", "Park").apply("Ein Hund im Park.")
    assert (text, fills) == (f"Ein {P0} im {P1}.", ("HUND", "PARK"))
    assert Words().reverse(f"A {P0} in the {P1}.", fills) == "A HUND in the PARK."


def test_fill_drops_unknown_placeholders_and_repeats_and_capitalizes_a_first_word():
    assert fill(f"The woman buys {P0} kg for {P1} euros.", ("3.5", "12")) == "The woman buys 3.5 kg for 12 euros."
    assert fill(f"{P0} is red {PLACEHOLDERS[5]}.", ("bike",)) == "Bike is red."
    assert fill(f"The train leaves at {P0} {P0}.", ("14:30",)) == "The train leaves at 14:30."
    assert missing(f"one {P0} only", ("a", "b")) == 1 and missing(f"{P1} {P0}", ("a", "b")) == 0


def test_a_fill_that_opens_with_a_lowercase_word_takes_a_capital_first_in_the_output():
    assert fill(f"{P0} 22 kids play.", ("on May 3",)) == "On May 3 22 kids play."
    assert fill(f"{P0} eat with {P1}.", ("the Koch family", "the Becker family")) == \
        "The Koch family eat with the Becker family."
    assert fill(f"{P0} is red.", ("3 days ago",)) == "3 days ago is red."


def test_chat_laughter_opening_the_output_stays_as_typed():
    assert fill(f"{P0}", ("lol",)) == "lol"                     # came back as "Lol"
    assert fill(f"{P0} {P1} ein Hund", ("omg", "haha")) == "omg haha ein Hund"
    assert fill(f"{P0} is red.", ("lolly",)) == "Lolly is red."     # a word like it


def test_a_fill_that_ends_in_a_full_stop_takes_the_place_of_one_after_it():
    assert fill(f"Er wurde {P0}.", ("3.",)) == "Er wurde 3."
    assert fill(f"Er wurde {P0} ... und {P1}.", ("3.", "4")) == "Er wurde 3. ... und 4."
    assert fill(f"Er wurde {P0}...", ("3.",)) == "Er wurde 3..."
    assert fill(f"Sie kam {P0}. {P1}s auch.", ("3", "Anna")) == "Sie kam 3. Anna s auch."


def test_a_fill_the_model_wrote_a_hyphen_and_a_space_after_is_joined_to_the_capitalized_word_after_it():
    """"A FedEx van" came back as "Ein FedEx- Lieferwagen" from a strong model: a German compound, cut."""
    assert fill(f"Ein {P0}- Lieferwagen parkt.", ("FedEx",)) == "Ein FedEx-Lieferwagen parkt."
    assert fill(f"{P0}- und {P1}-Wagen", ("FedEx", "DHL")) == "FedEx- und DHL-Wagen"      # "und": a shared part


def test_a_hyphened_fill_that_opens_lowercase_takes_a_capital_first_in_the_output():
    assert fill(f"{P0} comes he.", ("mid-June",)) == "Mid-June comes he."       # "Mitte Juni kommt er."
    assert fill(f"He comes {P0}.", ("mid-June",)) == "He comes mid-June."


@pytest.mark.parametrize("value", ["info@zoo-berlin.de", "https://www.wetter.de", "@anna_b", "iPhone", "x.txt",
                                   "eBay-Shop"])
def test_an_address_or_a_word_in_its_own_case_first_in_the_output_stays_as_written(value):
    assert fill(f"{P0} is on the sign.", (value,)) == f"{value} is on the sign."


def test_an_earlier_steps_span_wins_an_overlap_and_numbering_follows_the_text():
    steps = Placeholders([Words("Park"), Words("im Park", "Ein")])
    assert steps.apply("Ein Hund im Park.") == (f"{P0} Hund im {P1}.", ("EIN", "PARK"))
    assert merge([[Span(4, 8, "a")], [Span(0, 2, "b"), Span(6, 9, "c")]]) == [Span(0, 2, "b"), Span(4, 8, "a")]


def test_a_users_own_private_use_characters_are_not_taken_for_placeholders():
    text, fills = Words("Hund").apply(f"Ein {P0} Hund")
    assert fills == ("HUND",) and text == f"Ein   {P0}"


def test_more_spans_than_placeholders_leave_the_rest_as_written_with_a_warning(capsys):
    words = [f"w{n:02d}" for n in range(20)]
    text, fills = Words(*words).apply(" ".join(words))
    assert len(fills) == len(PLACEHOLDERS) and text.endswith("w16 w17 w18 w19")
    err = capsys.readouterr().err
    assert "more than the 16 placeholders" in err and "may change or drop them" in err    # not "left as written"


def test_a_pair_gets_one_placeholder_on_both_sides_only_where_the_step_finds_every_counterpart():
    step = Placeholders([Words("Hund", "Park")])
    assert step.apply_pair("Ein Hund im Park.", "Park Hund") == (f"Ein {P0} im {P1}.", f"{P1} {P0}")
    assert step.apply_pair("Ein Hund im Park.", "A dog in the Park.") == ("Ein Hund im Park.", "A dog in the Park.")
    assert Words("Hund").apply_pair("Ein Hund.", "Hund.") == (f"Ein {P0}.", f"{P0}.")


def test_a_step_that_does_not_rewrite_training_data_leaves_pairs_alone():
    class Only(Words):
        find_in_target = PlaceholderStep.find_in_target
    assert Only("Hund").apply_pair("Ein Hund.", "Hund.") == ("Ein Hund.", "Hund.")


def test_a_pair_is_not_searched_for_a_step_that_leaves_pairs_alone():
    """Preparing a corpus asks only the steps that rewrite training data for a pair's spans (half its time went to
    the others' searches, thrown away)."""
    class Only(Words):
        find_in_target = PlaceholderStep.find_in_target

        def find(self, text):
            raise AssertionError("searched")
    assert Placeholders([Only("Hund"), Words("Hund")]).apply_pair("Ein Hund.", "Hund.") == (f"Ein {P0}.", f"{P0}.")


def test_the_last_guard_keeps_each_placeholder_once_puts_a_missing_one_before_the_full_stop_and_counts():
    assert exactly_once(f"A {P0} and {P0} {P2}.", P0 + P1) == (f"A {P0} and {P1}.", 3)
    assert exactly_once(f"{P0} {P0} s {P0} s {P0}", P0) == (f"{P0} s s", 3)
    assert exactly_once("Thank you", P0 + P1) == (f"Thank you {P0} {P1}", 2)
    assert exactly_once(f"A man {P1} buys {P0}!", P0 + P1) == (f"A man {P1} buys {P0}!", 0)     # order is free


def test_nothing_sticks_to_a_placeholder():
    assert exactly_once(f"buys {P0}s for{P1}{P2}.", P0 + P1 + P2).text == f"buys {P0}s for {P1} {P2}."
    assert exactly_once(f"({P0}) {P1}'s", P0 + P1).text == f"({P0}) {P1}'s"
    assert exactly_once(f"{P0}.{P1}, {P2},{P1}", P0 + P1 + P2).text == f"{P0}. {P1}, {P2},"   # after a mark
    assert exactly_once(f'„{P0}“ ({P1}) "{P2}"', P0 + P1 + P2).text == f'„{P0}“ ({P1}) "{P2}"'  # quotes stay
    assert fill(f"buys {P0}s for {P1}.", ("1.5", "3")) == "buys 1.5 s for 3."        # letters after one: apart


def test_letters_a_model_glues_to_a_fill_that_stands_alone_are_dropped():
    fills = (Alone("https://example.com/a?b=1"), "12", Alone("anna@example.org"))
    assert fill(f"Visit {P0}ing, {P1}th {P2}s are here.", fills) == \
        "Visit https://example.com/a?b=1, 12 th anna@example.org are here."
    assert fill(exactly_once(f"{P0}y{P2}.", P0 + P2).text, fills) == "https://example.com/a?b=1 anna@example.org."
    measure = (Reading("120 km/h", ("unit", "km/h", "120")), Reading("3. Mai", ("date", 3, None, 5, None)))
    assert fill(f"Er fährt {P0}t am {P1}s.", measure) == "Er fährt 120 km/h am 3. Mai."        # its words: no more


def test_a_sentence_of_placeholders_punctuation_and_emoji_has_nothing_to_translate():
    assert all(map(nothing_to_translate, [P0, f"{P0}!", f"{P0} {P1}.", "?", "...", "😀👍", " - "]))
    assert not any(map(nothing_to_translate, ["Hund", f"{P0} Hund", "3", "_a"]))


def test_carried_pairs_each_output_placeholder_with_the_source_piece_holding_it():
    p0, p1 = PLACEHOLDERS[:2]
    source, output = ["<2en>", "▁Ein", f"▁{p0}", f"▁{p1}", "▁kg"], [f"▁{p1}", "▁kg", f"▁{p0}", "▁and", "<eos>"]
    assert carried(source, output) == ((0, 3), (2, 2))
    assert carried(source, [f"▁{PLACEHOLDERS[5]}", "<eos>"]) == ()     # one the source never held pairs with none


@pytest.mark.parametrize("output, fills, filled", [
    ("\ue001 \ue000.", (Opener("Es kostet"), "25,99 $"), "Es kostet 25,99 $."),    # a weak model: "25,99 $ Es kostet."
    ("Minus 5 degrees \ue000.", (Opener("It", english=True),), "It minus 5 degrees."),
    ("I know \ue000.", (Opener("That", english=True),), "That I know."),          # "I" keeps its capital
    ("Anna sagt \ue000.", (Opener("Es"),), "Es Anna sagt."),                      # German keeps every capital
    ("„\ue001 \ue000!“", (Opener("Es funktioniert"), "heute"), "„Es funktioniert heute!“"),   # after the opening quote
    ("\ue000 kostet 5 €.", (Opener("Es"),), "Es kostet 5 €."),                     # already first
    ("Kostet 5 €.", (Opener("Es"),), "Kostet 5 €."),                               # lost: nothing to move
])
def test_an_opener_fill_goes_back_to_the_front_of_the_output(output, fills, filled):
    assert fill(output, fills) == filled
