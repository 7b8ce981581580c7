"""probes/nouns.py: how often the noun dictionary's translation stands in a split's references."""
from probes.nouns import check_nouns

TRAIN = [("Ein Hund läuft.", "A dog runs."), ("Der Hund schläft.", "The dog sleeps."),
         ("Ein Hund und ein Mann.", "A dog and a man."), ("Ein Mann lacht.", "A man laughs."),
         ("Der Mann schläft.", "The man sleeps."), ("Ein Mann läuft.", "A man runs.")] * 2 + \
        [("Ein Vogel singt.", "A bird sings.")] * 100


def test_a_noun_whose_translation_the_reference_lacks_is_a_miss():
    check = check_nouns(TRAIN, [("Ein Hund bellt.", "A dog barks."), ("Ein Hund spielt.", "A puppy plays."),
                                ("Zwei Männer.", "Two men.")])
    assert (check.held, check.seen) == (1, 2) and check.misses == {("hund", "dog"): 1}
    assert check.entries >= 2
