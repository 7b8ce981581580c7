"""text/forms/dictionary.py: nouns and their translations, learned from the training pairs."""
from text.forms.dictionary import learn_genders, learn_nouns

CAPTIONS = [("Ein Hund läuft im Park.", "A dog runs in the park."),
            ("Zwei Hunde und ein Hund spielen.", "Two dogs and a dog play."),
            ("Der Hund schläft.", "The dog sleeps."),
            ("Eine Katze sitzt auf dem Dach.", "A cat sits on the roof."),
            ("Die Katze schläft im Park.", "The cat sleeps in the park."),
            ("Eine Katze und ein Mann.", "A cat and a man."),
            ("Ein Mann mäht mit einem Rasenmäher.", "A man mows with a lawn mower."),
            ("Der Rasenmäher ist rot.", "The lawn mower is red."),
            ("Ein roter Rasenmäher im Park.", "A red lawn mower in the park."),
            ("Ein Mann in Berlin.", "A man in Berlin."), ("Eine Frau in Berlin.", "A woman in Berlin."),
            ("Ein Mann fährt nach Berlin.", "A man drives to Berlin."),
            ("Ein Mann und eine Frau.", "A man and a woman."), ("Die Frau lacht.", "The woman laughs."),
            ("Der Mann lacht.", "The man laughs."), ("Ein rotes Auto fährt.", "A red car drives."),
            ("Ein roter Ball.", "A red ball."), ("Die Tür ist rot.", "The door is red.")] * 2 + \
           [("Ein Vogel singt.", "A bird sings.")] * 300


def test_a_noun_gets_the_word_its_pairs_hold_in_the_target_written_as_the_target_writes_it():
    nouns = learn_nouns(CAPTIONS)
    assert nouns["hund"] == "dog" and nouns["katze"] == "cat" and nouns["mann"] == "man"
    assert learn_nouns((t, s) for s, t in CAPTIONS)["dog"] == "Hund"


def test_a_compound_that_two_target_words_translate_gets_both():
    assert learn_nouns(CAPTIONS)["rasenmäher"] == "lawn mower"


def test_names_and_words_that_are_no_nouns_are_left_out():
    nouns = learn_nouns(CAPTIONS)
    assert "berlin" not in nouns              # capitalized on both sides: a name, which the names step carries
    assert "lacht" not in nouns and "rot" not in nouns and "ein" not in nouns


def test_too_few_pairs_teach_nothing():
    assert learn_nouns(CAPTIONS[:2]) == {}


def test_a_word_that_two_target_words_go_with_equally_is_left_out_where_they_are_too_common_to_be_one():
    assert "rasenmäher" not in learn_nouns(CAPTIONS[:36])   # "lawn" and "mower" stand in a ninth of these pairs


def test_a_german_nouns_gender_is_the_one_its_articles_show_and_none_where_they_disagree():
    genders = learn_genders(["Ein Mann sieht den Hund.", "Der Hund sieht eine Katze.", "Einen Hund sieht das Kind.",
                             "Die Katze und eine Katze sehen das Kind.", "Die Frau sieht der Frau zu.",
                             "Der Frau gehört das Auto."])
    assert genders == {"hund": "m", "katze": "f", "kind": "n"}      # "Frau" and "Auto": too little to tell
    assert learn_genders(["The dog sees the cat.", "A cat sees a dog."] * 5) == {}


SYNONYMS = [("Ein Mann fährt Fahrrad.", "A man rides a bike."), ("Ein Kind auf einem Fahrrad.", "A kid on a bicycle."),
            ("Das Fahrrad ist rot.", "The bike is red."), ("Ein Fahrrad im Park.", "A bicycle in the park."),
            ("Eine Frau schiebt ein Fahrrad.", "A woman pushes a bicycle."),
            ("Ein Mann trägt eine Schwimmweste.", "A man wears a life jacket."),
            ("Eine Rettungsweste ist rot.", "A life jacket is red."),
            ("Die Frau in der Schwimmweste.", "The woman in the life jacket."),
            ("Ein Kind trägt eine Rettungsweste.", "A kid wears a life jacket.")] * 3 + \
           [("Ein Vogel singt.", "A bird sings.")] * 300


def test_a_german_noun_that_two_english_synonyms_translate_in_turn_gets_one_of_them():
    assert learn_nouns(SYNONYMS)["fahrrad"] in {"bike", "bicycle"}     # hardly ever both: synonyms


def test_an_english_word_that_is_half_of_a_noun_gets_no_german_one_of_its_names():
    """"life" goes with "Schwimmweste" and "Rettungsweste" in turn, as "Fahrrad" with "bike" and "bicycle"; but an
    English word may be half of a noun ("life jacket"), so two German words for it are no synonyms of its own."""
    assert "life" not in learn_nouns((t, s) for s, t in SYNONYMS)
