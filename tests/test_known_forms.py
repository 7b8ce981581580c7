"""text/forms/known_forms.py: a capitalized word the corpus lacks may still be one of its words in another form."""
import pytest

from text.forms.known_forms import KnownForms
from text.forms.lexicon import Lexicon

COMMON = [("Der Hund liegt im Wasser auf der Rutsche neben dem Fahrrad und der Küche im Wind.",
           "The dog lies in the water on the slide beside the bicycle and the kitchen in the wind.")] * 25
FORMS = KnownForms(Lexicon.learn(COMMON + [("Sie tätowieren das Glas.", "They tattoo the glass."),
                                           ("Plötzlich springt er.", "Suddenly he jumps.")] * 3))


@pytest.mark.parametrize("word, form", [("Hunde", "inflected"), ("Wasserrutsche", "compound"),
                                        ("Nylonrutsche", "headed"), ("Windmühle", "fronted"),
                                        ("Tätowierer", "agent"), ("Fahrad", "typo")])
def test_a_word_in_another_form_of_a_corpus_word_is_known_and_says_which(word, form):
    assert FORMS.known(word) and getattr(FORMS, form)(word if form in ("inflected", "typo") else word.lower())


@pytest.mark.parametrize("word", ["Angela", "Wolfgang", "Ullrich", "Müllermann", "Luft"])
def test_a_name_is_no_form_of_a_corpus_word(word):
    assert not FORMS.known(word)


def test_a_word_that_opens_with_a_name_the_corpus_copies_is_no_compound():
    """"The Johnsons are having dinner." reached the model as written ("John" + "son") and came back as "Die Johns
    sind beim Abendessen."."""
    forms = KnownForms(Lexicon.learn([("John sieht den son und das boot.", "John sees the son and the boat.")] * 3))
    assert not forms.known("Johnson") and not forms.known("Johnsons") and forms.known("Bootson")


def test_an_english_adverb_of_a_lowercase_adjective_is_known_and_a_name_ending_in_ly_is_not():
    forms = KnownForms(Lexicon.learn([("A sudden dog and a lucky cat.", "Ein plötzlicher Hund.")] * 3))
    assert forms.adverb("suddenly") and forms.adverb("luckily") and not forms.adverb("emily")


def test_a_pasted_token_of_thousands_of_letters_is_searched_in_time_linear_in_its_length():
    """No form of a word twice as long as the corpus' longest is held: the checks of a 5,000-letter token read
    the lexicon a bounded length from each end (a pasted token of 20,000 letters took 34 s of the typos and names
    steps)."""
    read = []

    class Counting(Lexicon):
        def count(self, word):
            read.append(len(word))
            return super().count(word)
    lexicon = Counting.learn([("Der Hund spielt im Schnee mit dem Schneemann.", "-")] * 2)
    forms, token = KnownForms(lexicon), "x" * 5000
    assert not forms.known(token) and forms.slips(token) == [] and forms.slips("Hunnd") == []
    assert sum(read) < 200 * len(token)              # before: each cut read a prefix or suffix of the whole token
    assert forms.known("Schneehund")                                   # a compound of two corpus words, as before
