"""text/forms/lexicon.py: what the training corpus says about source words."""
from text.forms.lexicon import Lexicon

PAIRS = [("Ein Mann spielt Gitarre in Berlin.", "A man plays guitar in Berlin."),
         ("Der Mann fährt nach Berlin.", "The man drives to Berlin."),
         ("Zwei Männer und ein Mann.", "Two men and a man."), ("Während ein Hund bellt.", "While a dog barks."),
         ("Die Straße ist nass.", "The street is wet.")]


def test_words_are_spelled_as_the_corpus_spells_them_inside_sentences():
    lexicon = Lexicon.learn(PAIRS)
    assert lexicon.cased("EIN") == "ein" and lexicon.cased("gitarre") == "Gitarre" and lexicon.cased("MANN") == "Mann"
    assert lexicon.cased("WÄHREND") == "Während"           # only ever first: its first-word spelling
    assert lexicon.cased("STRASSE") == "Straße"            # upper case writes ß as SS
    assert lexicon.cased("Ullrich") is None and not lexicon.knows("Ullrich") and lexicon.knows("berlin")
    assert lexicon.count("mann") == 3


def test_a_word_is_copied_when_most_pairs_holding_it_hold_it_on_both_sides():
    lexicon = Lexicon.learn(PAIRS)
    assert lexicon.copied("Berlin") and not lexicon.copied("Mann") and not lexicon.copied("Gitarre")


def test_a_lexicon_survives_its_plain_form():
    lexicon = Lexicon.learn(PAIRS)
    stored = lexicon.to_dict()
    assert all(isinstance(w, str) for k in ("forms", "copied") for w in stored[k])
    assert Lexicon.from_dict(stored) == lexicon


def test_the_other_directions_lexicon_travels_inside_and_one_of_one_direction_is_stored_as_before():
    pairs = [("Ein Mann in Berlin.", "A man in Berlin."), ("Eine Frau läuft.", "A woman runs.")]
    one = Lexicon.learn(pairs)
    assert "reverse" not in one.to_dict()
    both = Lexicon.learn(pairs)
    both.reverse = Lexicon.learn((t, s) for s, t in pairs)
    again = Lexicon.from_dict(both.to_dict())
    assert again == both and again != one
    assert again.reverse.knows("woman") and not again.knows("woman") and again.reverse.copied("Berlin")
