"""text/forms/statements.py: a pronoun, its copula, an intensifier or none and an adjective, and a possessive with a
person one knows, read both ways as whole sentences, the phrasebook's own sentences kept over them."""
import pytest

from text.finders.phrases import Phrases
from text.forms.masking import PLACEHOLDERS
from text.forms.lexicon import WORD
from text.forms.phrase_tables import ENGLISH, PAIRS, PHRASES, phrase_key
from text.forms.statements import (ADJECTIVES, ENGLISH_COPULAS, GERMAN_COPULAS, INTENSIFIERS, KIN, PEOPLE,
                                   POSSESSIVES, THINGS, described, english_heads, introduced, statement,
                                   written_words)
from text.steps.case import table_written

P0, P1 = PLACEHOLDERS[:2]


@pytest.mark.parametrize("german, english", [
    ("Es war schön", "It was nice"), ("Das war toll", "That was great"),            # "It was sying!", "a four!"
    ("Es ist schon spät", "It is already late"), ("Das ist gut", "That is good"),   # "It is being rolled.", "well"
    ("Ich bin so glücklich", "I'm so happy"), ("Wir waren nicht sehr müde", "We were not very tired"),
    ("Du bist echt lustig", "You are really funny"), ("Sie ist traurig", "She is sad"),
    ("Das ist mein Bruder", "That is my brother"), ("Das ist meine Schwester", "That is my sister"),  # "There is mich."
    ("Er war mein Chef", "He was my boss"), ("Es freut mich", "I'm glad"),                     # "It enjoying me."
    ("Das ist nicht mein Hund", "That is not my dog")])                                        # "There is not mir dog."
def test_a_german_statement_reads_into_english(german, english):
    assert PHRASES[phrase_key(german)] == english


@pytest.mark.parametrize("english, german", [
    ("That's great", "Das ist toll"), ("It was nice", "Es war schön"), ("It's too late", "Es ist zu spät"),
    ("This is very important", "Das ist sehr wichtig"), ("I'm so happy", "Ich bin so glücklich"),
    ("We are ready", "Wir sind bereit"), ("It isn't easy", "Es ist nicht einfach"),
    ("She was very tired", "Sie war sehr müde"), ("This is my wife", "Das ist meine Frau"),
    ("He's my father", "Er ist mein Vater"), ("You're right", "Du hast recht"),      # "Ihr seid rechtes."
    ("That isn't my dog", "Das ist nicht mein Hund"), ("It is a bit salty", "Es ist ein bisschen salzig"),
    ("She is exhausted", "Sie ist erschöpft"), ("It was tasty", "Es war lecker")])     # everyday_adjectives.py
def test_an_english_statement_reads_into_german(english, german):
    assert ENGLISH[phrase_key(english)] == german


@pytest.mark.parametrize("source, line, expected", [
    ("de", "Es ist heute sehr kalt", "It is very cold today"), ("de", "Heute ist es schön", "It is nice today"),
    ("de", "Gestern war es kalt", "It was cold yesterday"), ("de", "Ich bin heute müde", "I'm tired today"),
    ("en", "It is very cold today", "Es ist heute sehr kalt"), ("en", "It was cold yesterday", "Es war gestern kalt"),
    ("de", "Heute ist schön", None), ("de", "Heute ist es heute schön", None), ("en", "Today it is cold", None),
    ("de", "Das ist heute mein Bruder", None), ("de", "Es ist kalt morgen", None)])
def test_a_statement_with_a_time_word_where_its_language_puts_it_reads_with_it(source, line, expected):
    assert (PHRASES if source == "de" else ENGLISH).get(phrase_key(line)) == expected      # "It is very today."


def test_an_adjective_is_said_only_of_what_it_fits_and_the_phrasebooks_sentences_win():
    """German says "Mir ist kalt", not "Ich bin kalt"; "schon" is "already" only where it tells a time."""
    assert [statement(key, "de") for key in ("ich bin kalt", "das ist schon gut", "er ist meine schwester")] == \
        [None] * 3
    assert PHRASES["ich bin müde"] == "I'm tired" and ENGLISH["i am cold"] == "Mir ist kalt"


@pytest.mark.parametrize("pair, line, masked, fills", [
    (("de", "en"), "Es war schön!", f"{P0}!", ("It was nice",)),
    (("de", "en"), "das ist gut", P0, ("That is good",)),
    (("de", "en"), "Hallo, das ist toll!", f"{P0}, {P1}!", ("Hello", "that is great")),
    (("en", "de"), "It's too late.", f"{P0}.", ("Es ist zu spät",)),
    (("en", "de"), "That is my brother", P0, ("Das ist mein Bruder",))])
def test_a_statement_is_a_whole_sentence_its_final_mark_kept(pair, line, masked, fills):
    assert Phrases(*pair).apply(line) == (masked, fills)


@pytest.mark.parametrize("pair, line", [(("de", "en"), "Ein schöner Tag im Park."),
                                        (("de", "en"), "Das ist gut für die Kinder."),
                                        (("en", "de"), "It was nice to see the dogs play.")])
def test_the_same_words_inside_a_longer_sentence_are_left_to_the_model(pair, line):
    assert Phrases(*pair).apply(line) == (line, ())


def test_the_parser_reads_every_generated_statement_as_the_table_of_the_pairs_would_both_ways():
    """statement() reads each key as {key: translation} built from described() + introduced() does, the last named
    winning ("Das" -> "That", "schön" -> "nice", "ziemlich" -> "quite", "friend" of "Das" -> "Freund")."""
    pairs = described() + introduced()
    german = {phrase_key(de): en for de, en in pairs}
    english = {phrase_key(en): de for de, en in pairs}
    assert len(pairs) > 20000
    assert [(key, statement(key, "de")) for key in german if statement(key, "de") != german[key]] == []
    assert [(key, statement(key, "en")) for key in english if statement(key, "en") != english[key]] == []
    assert german["das ist schön"] == "That is nice" and english["that is my friend"] == "Das ist mein Freund"


def near_misses(source: str) -> set[str]:
    """Keys of heads (any subject, copula and intensifier of the tables) before any adjective or any possessive and
    person of the tables: most of them no statement."""
    if source == "de":
        subjects = {de for de, en in THINGS + PEOPLE} | {"Sie"}
        copulas = {c for both in GERMAN_COPULAS.values() for c in both} | {"sind"}
        words = [de for de, *_ in ADJECTIVES] + [f"{mine}{e} {de}" for mine, my in POSSESSIVES for e in ("", "e")
                                                 for de, en, gender in KIN]
        heads = {" ".join(filter(None, (s, c, very))) for s in subjects for c in copulas
                 for very, so in INTENSIFIERS + [("schon", "")]}
    else:
        words = [w for de, *both in ADJECTIVES for of in both for w in of] + \
            [f"{my} {en}" for mine, my in POSSESSIVES for de, en, gender in KIN]
        heads = {head for de, en in THINGS + PEOPLE for tense in (0, 1)
                 for very, so in INTENSIFIERS + [("", "already")] for head in english_heads(en, tense, so)}
        heads |= {f"{en} {verb}" for en in [*ENGLISH_COPULAS, "They"] for verb in ("is", "are", "was", "were", "isn't")}
    return {phrase_key(f"{head} {word}") for head in heads for word in words} | \
        {phrase_key(head) for head in heads} | {"das ist", "it is very", "es ist sehr sehr gut", "that is my"}


@pytest.mark.parametrize("source", ["de", "en"])
def test_a_near_miss_of_a_statement_is_none_and_only_a_generated_key_is_read(source):
    """"Ich bin kalt", "Er ist meine Schwester", "Es ist schon gut", "I is happy", "He are tired", "She is my
    brother": every key of every head before every adjective or person is read exactly where the pairs hold it."""
    pairs = described() + introduced()
    generated = {phrase_key(de if source == "de" else en) for de, en in pairs}
    read = {key for key in near_misses(source) if statement(key, source) is not None}
    assert read == generated & near_misses(source) and len(near_misses(source) - generated) > 10000
    assert [statement(key, source) for key in ("ich bin kalt", "er ist meine schwester", "sie ist mein bruder",
                                                "i is happy", "he are tired", "she is my brother", "", "ja",
                                                "das ist", "it is already good", "es ist mein bruder")] == [None] * 11


def test_the_statements_words_read_from_their_tables_are_those_of_the_generated_sentences_in_their_places():
    """case.py keeps a caps line's word lowercase where the phrase tables only ever write it so ("LECKER"); the
    statements give it their words from the tables, not from the 24,000 sentences: the same words, the same places."""
    seen: dict[str, dict[str, set[str]]] = {}
    for pair in PAIRS + described() + introduced():
        for lang, text in zip(("de", "en"), pair):
            for k, word in enumerate(WORD.findall(text)):
                seen.setdefault(word.lower(), {}).setdefault(lang, set()).update({word} if k else ())
    assert table_written() == {word for word, langs in seen.items() if all(f == {word} for f in langs.values())}
    generated = {(word, k == 0) for pair in described() + introduced() for side in pair
                 for k, word in enumerate(WORD.findall(side))}
    assert generated - {("I'm", True)} <= set(written_words("de")) | set(written_words("en"))
