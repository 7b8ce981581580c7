"""Words that open a sentence with a capital and are no names, though a caption corpus may lack them: German verb
forms that open a question or a request, English conjunctions, sentence adverbs, answers and contractions
(text/finders/names.py: Names.opens_sentence).
"""
from __future__ import annotations

import re

# German: a strong verb's imperative, whose stem no other form shares ("Siehe", "Nimm")
IMPERATIVES = set("sieh siehe gib nimm lies iss hilf sprich vergiss wirf triff tritt brich stirb miss befiehl "
                  "empfiehl sei".split())
# the present and past of sein, haben, werden and the modal verbs, which a question opens with ("Bist du müde?",
# "Kannst du mir helfen?"): a caption corpus hardly holds them, and their forms are no regular verb's
AUXILIARIES = set("""
bin bist ist sind seid war warst waren wart habe hast hat haben habt hatte hattest hatten hattet werde wirst wird
werden werdet wurde wurden kann kannst können könnt konnte konnten darf darfst dürfen dürft durfte muss musst müssen
müsst musste mussten soll sollst sollen sollt sollte sollten will willst wollen wollt wollte wollten mag magst mögen
mögt möchte möchtest möchten möchtet
""".split())
# German question words, which a caption corpus hardly holds ("Wann fährt der Bus?", "Woher kommst du?")
QUESTION_WORDS = set("""
wann warum wieso weshalb weswegen wo woher wohin womit wofür woran worauf worüber wovon wozu wer wen wem wessen was
wie welche welcher welches welchen welchem
""".split())
# a personal pronoun right after the first word: that word is a verb ("Wohnst du hier?", "Did you eat?", "Shall we?")
QUESTION_SUBJECT = {"de": re.compile(r" (?:du|ihr|ich|wir|er|sie|Sie|es|man)\b(?![-'’])"),
                    "en": re.compile(r" (?:you|we|I|he|she|they|it)\b(?![-'’])")}
# English words that open a sentence with a capital and that an image-caption corpus may lack or hold only copied from
# a sign ("Where", "Your"): conjunctions, sentence adverbs, answers and contractions; no name is one of them
ENGLISH_OPENERS = set("""
since although though unless whereas whenever wherever meanwhile however therefore yesterday today tomorrow tonight
thanks thank sorry afterwards until till instead anyway moreover furthermore nevertheless nonetheless hence thus
otherwise besides perhaps maybe sometimes often usually yes no ok okay please where when why how what who which
whose whom your my our their his her its it's i'm i've i'll i'd you're you've we're we've they're he's she's that's
you'll we'll they'll he'll she'll it'll that'll you'd we'd they'd he'd she'd it'd they've
there's here's what's who's where's don't doesn't didn't can't couldn't won't wouldn't isn't aren't wasn't weren't
let's suddenly actually probably certainly apparently recently currently immediately hopefully obviously
fortunately unfortunately oops ouch wow did shall should must might
""".split())
