"""How often a glossary term comes out as asked: this project's own German sentences (not from Multi30K), each with
one or two terms of a small glossary; a sentence counts when its output holds every English term it asked for.

    python bench/glossary.py --checkpoint runs/<run>/best.pt [--beam 5] [--show-failures]
    python bench/glossary.py --checkpoint exported/            # the CTranslate2 engine, the same way
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dataclasses import replace  # noqa: E402

from decoding.load import load_translator  # noqa: E402

# German term -> English term: ordinary nouns a model translates otherwise, and names it might mangle
GLOSSARY = {"Fahrrad": "pushbike", "Hund": "hound", "Strand": "seashore", "Mütze": "beanie", "Gitarre": "axe",
            "Kinderwagen": "pram", "Ball": "orb", "Straße": "boulevard", "Kleid": "gown", "Boot": "vessel",
            "Zürich": "Zurich", "Köln": "Cologne", "München": "Munich", "Eiffelturm": "Eiffel Tower",
            "Jürgen Klopp": "Jürgen Klopp", "Feuerwehrmann": "firefighter", "Rucksack": "backpack",
            "Sonnenbrille": "shades", "Markt": "bazaar", "Brücke": "overpass"}

SENTENCES = [
    "Ein Mann fährt mit dem Fahrrad über eine Brücke.", "Ein kleiner Hund rennt am Strand entlang.",
    "Eine Frau mit einer roten Mütze spielt Gitarre.", "Ein Vater schiebt einen Kinderwagen durch den Park.",
    "Zwei Jungen spielen mit einem Ball auf der Straße.", "Ein Mädchen in einem blauen Kleid steht vor einem Boot.",
    "Ein Tourist fotografiert den Eiffelturm.", "Ein Feuerwehrmann trägt einen schweren Rucksack.",
    "Eine Gruppe von Freunden sitzt in Zürich an einem Tisch.", "Ein Straßenmusiker spielt in Köln Gitarre.",
    "Jürgen Klopp steht am Rand des Spielfelds.", "Eine ältere Frau verkauft Obst auf einem Markt in München.",
    "Ein Hund mit einer Sonnenbrille sitzt in einem Boot.", "Ein Kind wirft einen Ball über die Brücke.",
    "Ein Radfahrer schiebt sein Fahrrad die Straße hinauf.", "Ein Mann mit Rucksack wandert am Strand.",
    "Eine Frau mit Sonnenbrille geht über den Markt.", "Ein Hund schläft neben einem Kinderwagen.",
    "Ein Mädchen trägt eine gelbe Mütze und ein weißes Kleid.", "Ein Feuerwehrmann hilft einem Hund.",
    "Drei Kinder spielen am Strand mit einem Ball.", "Ein Mann repariert ein Fahrrad vor einem Geschäft.",
    "Ein Boot fährt unter einer Brücke hindurch.", "Eine Musikerin stimmt ihre Gitarre auf der Straße.",
    "Ein Junge mit einer Mütze läuft über den Markt.", "Ein Paar spaziert durch Köln.",
    "Ein Hund bellt einen Feuerwehrmann an.", "Eine Frau in einem langen Kleid steht am Strand.",
    "Ein Mann mit Sonnenbrille sitzt auf einem Fahrrad.", "Eine Mutter mit Kinderwagen wartet an der Straße.",
    "Ein Kind mit Rucksack geht in München zur Schule.", "Ein Hund trägt einen Ball im Maul.",
    "Zwei Frauen rudern ein Boot auf dem See.", "Ein alter Mann spielt Gitarre auf einer Brücke.",
    "Touristen stehen in einer Schlange vor dem Eiffelturm.", "Ein Mädchen fährt Fahrrad in Zürich.",
    "Jürgen Klopp jubelt mit seiner Mannschaft.", "Ein Verkäufer steht hinter seinem Stand auf dem Markt.",
    "Ein Junge mit Sonnenbrille springt ins Wasser am Strand.", "Ein Feuerwehrmann klettert auf eine Leiter.",
    "Ein Mann mit einer grauen Mütze liest Zeitung.", "Ein Hund läuft über eine Brücke.",
    "Ein Mädchen in einem roten Kleid tanzt auf der Straße.", "Eine Frau trägt ihren Rucksack durch Köln.",
    "Ein Kind spielt mit einem Ball neben einem Kinderwagen.", "Ein Mann sitzt in einem Boot und angelt.",
    "Eine Frau schiebt ihr Fahrrad über den Markt.", "Ein Straßenkünstler steht vor dem Eiffelturm.",
    "Ein Hund mit einer Mütze sitzt auf einem Fahrrad.", "Zwei Männer tragen ein Boot zum Strand.",
    "Ein Mann spielt Gitarre in München.", "Ein Feuerwehrmann steht neben seinem Fahrrad.",
    "Eine Frau mit Sonnenbrille trägt ein grünes Kleid.", "Kinder laufen über den Markt in Zürich.",
    "Ein Junge trägt einen Rucksack und einen Ball.", "Ein Hund wartet an der Straße.",
    "Ein Mann steht auf einer Brücke in Köln.", "Eine Familie geht mit einem Kinderwagen am Strand spazieren.",
    "Ein Mann mit einer Mütze verkauft Blumen auf dem Markt.", "Jürgen Klopp spricht mit einem Reporter.",
]


def terms_of(sentence: str) -> dict[str, str]:
    return {de: en for de, en in GLOSSARY.items() if re.search(rf"(?<!\w){re.escape(de)}(?!\w)", sentence)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--checkpoint", required=True)
    parser.add_argument("--beam", type=int, default=5)
    parser.add_argument("--show-failures", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    translator = load_translator(args.checkpoint)
    translator.use_glossary(GLOSSARY)
    start = time.perf_counter()
    outputs = translator.translate(SENTENCES, replace(translator.cfg.decode, beam=args.beam))
    seconds = time.perf_counter() - start
    kept = [all(en in out for en in terms_of(s).values()) for s, out in zip(SENTENCES, outputs)]
    terms = [(en, out) for s, out in zip(SENTENCES, outputs) for en in terms_of(s).values()]
    result = {"sentences": len(SENTENCES), "sentences_with_all_terms": sum(kept) / len(kept),
              "terms": len(terms), "terms_kept": sum(en in out for en, out in terms) / len(terms),
              "engine": translator.describe(), "beam": args.beam, "sentences_per_s": len(SENTENCES) / seconds}
    if args.show_failures:
        for s, out, ok in zip(SENTENCES, outputs, kept):
            if not ok:
                print(f"- {s}\n  → {out}\n  wanted: {', '.join(terms_of(s).values())}")
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['engine']}, beam {args.beam}: {sum(kept)}/{len(kept)} sentences hold all their terms "
              f"({100 * result['sentences_with_all_terms']:.1f}%), {100 * result['terms_kept']:.1f}% of "
              f"{len(terms)} terms")


if __name__ == "__main__":
    main()
