"""Nouns and their translations, learned from the training pairs, for a line (or a quotation) of one noun, which a
caption model, trained on whole sentences only, turns into junk ("Hund" -> "Dog dog dog with a").

    nouns = learn_nouns(pairs)     # {"hund": "dog", "straße": "street", ...}; English -> German: {"dog": "Hund"}

A source word and a target word are a pair when the pairs that hold one mostly hold the other too: their Dice
coefficient, 2 × pairs holding both / (pairs holding the one + pairs holding the other), is at least MIN_DICE over at
least MIN_PAIRS pairs, and no other target word scores higher. Only nouns are kept: pairs of which the side that
capitalizes its nouns (the one with more capitalized words: German) is written with a capital inside sentences and
the other is not, a German noun and its English translation ("Hund" / "dog"). A name is capitalized on both sides
(the names step carries those), and an English adjective of a name ("Asian": "asiatische"), adjectives and verbs,
which German inflects ("red" would be "roten"), and a word that two target words of other stems go with nearly as
well are left to the model. Two neighbouring target words that go with the word at least as well as the best one
translate it ("Rasenmäher": "lawn mower"), and of the strong candidates of one stem the shortest form is taken
("Kindern" and "Kinder" for "children": "Kinder").
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Iterable

WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
MIN_PAIRS = 3          # training pairs that must hold both words
MIN_DICE = 0.4         # how much the two words must go together
FORMS = 0.5            # another form of the best word counts when it scores at least this share of the best's Dice
PHRASE = 1.0          # two neighbouring target words that score at least the best one's Dice translate the word
COMMON = 0.02          # ... unless one of them stands in more than this share of the pairs ("a deer", "the dog")
MUTUAL = 0.7           # the best target word must go with no other source word much better ("bear": "Teddybär")
RIVAL = 0.7            # a word of another stem this close to the best: two words translate one ("Rettungswesten");
                       # for a German source word, one that is not beside it is a synonym ("Fahrrad": "bicycle" or
                       # "bike"): German writes a noun as one word, where an English word may be half of one ("life")
MAX_PAIRS = 200_000    # the pairs counted, at most (a larger corpus adds little for everyday nouns)
RATIO = 2 / MIN_DICE - 1   # two words this many times as frequent as each other cannot reach MIN_DICE


def usual_spellings(sentences: Iterable[list[str]]) -> dict[str, str]:
    """Each word's most frequent spelling inside sentences (a first word is capitalized whatever it is), lowercase
    key."""
    inner: Counter[str] = Counter()
    for words in sentences:
        inner.update(words[1:])
    spelling: dict[str, tuple[int, str]] = {}
    for word, n in inner.items():
        if n > spelling.get(word.lower(), (0, ""))[0]:
            spelling[word.lower()] = (n, word)
    return {key: word for key, (_, word) in spelling.items()}


def capital_share(spellings: dict[str, str]) -> float:
    """The share of a side's words written with a capital inside sentences: high for German, which capitalizes its
    nouns, low for English."""
    return sum(word[:1].isupper() for word in spellings.values()) / max(1, len(spellings))


def learn_nouns(pairs: Iterable[tuple[str, str]]) -> dict[str, str]:
    """{source word, lowercase: its translation, as the target side usually writes it} for the nouns of the pairs."""
    sources, targets = [], []
    for k, (source, target) in enumerate(pairs):
        if k == MAX_PAIRS:
            break
        sources.append(WORD.findall(source))
        targets.append(WORD.findall(target))
    source_case, target_case = usual_spellings(sources), usual_spellings(targets)
    nouns_capitalized = capital_share(source_case) > capital_share(target_case)   # the German side: the source?
    source_sets = [{w.lower() for w in words} for words in sources]
    target_sets = [{*lower, *map(" ".join, zip(lower, lower[1:]))} for lower in
                   ([w.lower() for w in words] for words in targets)]
    in_source, in_target = Counter(w for words in source_sets for w in words), \
        Counter(w for words in target_sets for w in words)
    # only what can pass: a source word of the nouns' case held MIN_PAIRS times, and a target word or two of a
    # frequency within RATIO of its (2 × both / (one + other) >= MIN_DICE needs that)
    eligible = {x for x, n in in_source.items()
                if n >= MIN_PAIRS and source_case.get(x, "a")[:1].isupper() == nouns_capitalized}
    both: Counter[tuple[str, str]] = Counter()
    holding: dict[str, list[set[str]]] = {}     # a German source word -> its targets (synonyms need them)
    for source_words, target_words in zip(source_sets, target_sets):
        near, held = [y for y in target_words if in_target[y] >= MIN_PAIRS], source_words & eligible
        both.update((x, y) for x in held for y in near
                    if in_target[y] * RATIO >= in_source[x] and in_source[x] * RATIO >= in_target[y])
        for x in held if nouns_capitalized else ():
            holding.setdefault(x, []).append(target_words)
    candidates: dict[str, list[tuple[float, str]]] = {}
    strongest: Counter[str] = Counter()     # each target word's best Dice with any source word
    for (x, y), n in both.items():
        if n >= MIN_PAIRS:
            dice = 2 * n / (in_source[x] + in_target[y])
            candidates.setdefault(x, []).append((dice, y))
            strongest[y] = max(strongest[y], dice)
    nouns = {}
    for x, scored in candidates.items():
        scored.sort(key=lambda c: (-c[0], c[1]))
        dice, best = next((c for c in scored if " " not in c[1]), (0.0, ""))
        if dice < MIN_DICE or x not in source_case:
            continue
        pair = next((y for d, y in scored if " " in y and best in y.split() and d >= PHRASE * dice and   # a compound
                     all(in_target[w] <= COMMON * len(targets) for w in y.split())), None)    # ("Rasenmäher")
        best = pair or best
        if dice < MUTUAL * strongest[best]:      # another source word goes with it better ("bear": "Teddybär")
            continue
        capitals = {target_case[w][:1].isupper() for w in best.split() if w in target_case}
        if capitals != {not nouns_capitalized}:     # (x is of the nouns' case: `eligible`)
            continue            # a name, no noun ("Asian": "asiatische"), or half a name ("new York")
        stem = best[:max(3, len(best) - 3)]
        if any(d >= RIVAL * dice and not y.startswith(stem) and not set(y.split()) & set(best.split())
               and not (nouns_capitalized and synonyms(best, y, d, dice, strongest, holding[x]))
               for d, y in scored[1:]):
            continue
        forms = [y for d, y in scored if d >= FORMS * dice and y.startswith(stem) and
                 all(w in target_case for w in y.split())] or [best]
        nouns[x] = " ".join(target_case.get(w, w) for w in min(forms, key=lambda y: (len(y), y)).split())
    return nouns


def synonyms(best: str, rival: str, rival_dice: float, best_dice: float, strongest: Counter[str],
             targets: list[set[str]]) -> bool:
    """Whether two target words each translate a source word, as synonyms do ("bike" or "bicycle" for "Fahrrad"),
    rather than together, as the words of a two-word translation do ("life" and "jackets" for "Rettungswesten"):
    each goes with no source word better than with this one, and they stand together in under half of its targets
    that hold the rarer of them."""
    if best_dice < strongest[best] or rival_dice < strongest[rival]:
        return False
    best_in, rival_in = sum(best in t for t in targets), sum(rival in t for t in targets)
    return 2 * sum(best in t and rival in t for t in targets) < min(best_in, rival_in)


# German articles that tell a noun's gender, with how much each says: "den" and "einen" are masculine (accusative),
# "eine" feminine, "das" neuter; "der" and "die" also stand before datives and plurals, so they count for less
GENDER_ARTICLES = {"den": ("m", 1.0), "einen": ("m", 1.0), "eine": ("f", 1.0), "das": ("n", 1.0),
                   "der": ("m", 0.25), "die": ("f", 0.25)}
MIN_GENDER = 2.0       # the evidence a gender needs, and twice any other's


def learn_genders(sentences: Iterable[str]) -> dict[str, str]:
    """{German noun, lowercase: "m", "f" or "n"} from the articles before it in German sentences (a plural, "die
    Hunde", comes out "f": its article is "die" too); none for a language without these articles."""
    evidence: dict[str, Counter[str]] = {}
    for k, sentence in enumerate(sentences):
        if k == MAX_PAIRS:
            break
        words = WORD.findall(sentence)
        for article, noun in zip(words, words[1:]):
            if article.lower() in GENDER_ARTICLES and noun[:1].isupper():
                gender, weight = GENDER_ARTICLES[article.lower()]
                evidence.setdefault(noun.lower(), Counter())[gender] += weight
    genders = {}
    for noun, counts in evidence.items():
        (gender, best), *rest = counts.most_common(2)
        if best >= MIN_GENDER and all(best >= 2 * n for _, n in rest):
            genders[noun] = gender
    return genders
