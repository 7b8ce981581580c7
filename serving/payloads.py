"""The translation server's request and response bodies. Requests are checked before any model work; each refusal
is a `BadRequest` with an HTTP status and one line that says what to send instead."""
from __future__ import annotations

import json
import math
import re
import sys
from dataclasses import dataclass
from typing import Callable, NamedTuple

from config import DecodeConfig
from config.checks import BrokenRule, decode_settings
from decoding.markup import FORMATS as MARKUP_FORMATS
from decoding.subtitles import FORMATS as TRANSLATE_PY_FORMATS
from util.errors import json_mistake

# lone surrogates, which no UTF-8 can carry; a text's control characters are removed by the text pipeline's cleaning
# (or read as spaces), as translate.py's lines' are (text/forms/cleaning.py)
SURROGATE = re.compile(r"[\ud800-\udfff]")
# in a glossary term, which a glossary file holds, C0/C1 controls too (tab, newline and carriage return: apart)
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
TRANSLATE_FIELDS = ("text", "texts", "beam", "n_best", "length_penalty", "glossary", "to", "format")
FORMATS = ("text", *MARKUP_FORMATS)          # a request's "format" (decoding/markup.py)
SUBTITLE_FORMATS = tuple(fmt for fmt in TRANSLATE_PY_FORMATS if fmt not in FORMATS)     # translate.py's alone
MAX_GLOSSARY_TERMS = 256
LINE_BREAK_OR_TAB = re.compile(r"[\t\n\r]")   # text in a sentence, never inside a glossary term
ATTENTION_FIELDS = ("text", "beam", "length_penalty", "to")


class BadRequest(Exception):
    """A request the server refuses; `status` is the HTTP status, the message one line for the client."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Limits:
    max_sentences: int = 64           # texts in one request (the name of the flag and of /health's field)
    max_chars: int = 1000             # characters in one text
    max_beam: int = 16                # largest beam (and n_best) a request may ask for
    max_body_bytes: int = 1 << 20     # larger bodies are refused unread


class Work(NamedTuple):
    """What a search depends on: requests that differ in either are never decoded together."""
    decode: DecodeConfig
    glossary: tuple = ()      # ((source term, target term), ...) for this request


class TranslateRequest(NamedTuple):
    texts: list[str]
    single: bool              # sent as {"text": ...}, so answered as {"translation": ...}
    work: Work
    to: str | None = None     # "auto" or a language the model writes (decoding/router.py); None: the server's
    format: str = "text"      # one of FORMATS: with "html" or "xml" each text's tags are put back into its translation


def parse_json(body: bytes) -> dict:
    """The body as a JSON object (UTF-8, with or without a byte order mark)."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as e:
        raise BadRequest(400, f"request body is not valid UTF-8 (byte {e.start}); send UTF-8 encoded JSON") from None
    text = text.removeprefix("\ufeff")     # an editor's byte order mark (a file sent as the body): RFC 8259 allows it
    if not text.strip():                    # json's "Expecting value" says nothing of what was sent
        raise BadRequest(400, f"request body is {'empty' if not text else 'blank'}; send a JSON object like "
                              '{"text": "Ein Hund rennt."} (docs/SERVING.md lists its fields)')
    try:
        payload = json.loads(text)
    except json.JSONDecodeError as e:
        raise BadRequest(400, f"request body is not valid JSON ({json_mistake(e)})") from None
    except RecursionError:
        raise BadRequest(400, "request body is not valid JSON (nested too deeply)") from None
    except ValueError:                 # Python reads no integer of more than sys.get_int_max_str_digits() digits
        raise BadRequest(422, f"request body holds a number of more than {sys.get_int_max_str_digits()} digits; "
                              "no field takes one that large") from None
    if not isinstance(payload, dict):
        raise BadRequest(422, f'request body must be a JSON object like {{"text": "Ein Hund rennt."}}, '
                              f"not {json_type(payload)}")
    return payload


def json_type(value) -> str:
    names = {bool: "a boolean", int: "a number", float: "a number", str: "a string", list: "an array",
             dict: "an object", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def check_text(value, where: str, limits: Limits, refused: re.Pattern = SURROGATE) -> str:
    if not isinstance(value, str):
        raise BadRequest(422, f"{where} must be a string, not {json_type(value)}")
    if len(value) > limits.max_chars:
        raise BadRequest(422, f"{where} has {len(value)} characters; the limit is {limits.max_chars} a text, so "
                              "send it as several texts")
    bad = refused.search(value)
    if bad:
        what = "a lone surrogate" if "\ud800" <= bad.group() <= "\udfff" else "the control character"
        raise BadRequest(422, f"{where} contains {what} U+{ord(bad.group()):04X} at position {bad.start()}; send "
                              "plain text")
    return value


def check_fields(payload: dict, allowed: tuple[str, ...]) -> None:
    unknown = [k for k in payload if k not in allowed]
    if unknown:
        raise BadRequest(422, f"unknown field {unknown[0]!r}; the fields are {', '.join(allowed)}")


def integer(payload: dict, name: str, default: int, low: int, high: int) -> int:
    """An integer field; JSON does not tell 2 from 2.0 (a client's language may write either), so 2.0 is 2."""
    given = value = payload.get(name, default)
    if type(value) is float and value.is_integer():
        value = int(value)
    if type(value) is not int or not low <= value <= high:   # bool is an int in Python, not in JSON
        raise BadRequest(422, f"{name} must be an integer from {low} to {high}, not {json.dumps(given)}")
    return value


def number(payload: dict, name: str, default: float) -> float:
    value = payload.get(name, default)
    if type(value) not in (int, float) or not math.isfinite(value):
        raise BadRequest(422, f"{name} must be a number, not {json.dumps(value)}")
    return float(value)


def parse_decode(payload: dict, defaults: DecodeConfig, limits: Limits, n_best: bool = True) -> DecodeConfig:
    """The request's search settings: the server's beam limit, then DecodeConfig's own rules (config/)."""
    beam = integer(payload, "beam", min(defaults.beam, limits.max_beam), 1, limits.max_beam)
    best = integer(payload, "n_best", 1, 1, limits.max_beam) if n_best else 1
    penalty = number(payload, "length_penalty", defaults.length_penalty)
    try:
        return decode_settings(defaults, beam=beam, n_best=best, length_penalty=penalty)
    except BrokenRule as e:
        name = e.key.removeprefix("decode.")
        raise BadRequest(422, f"{name} must be {e.requirement}, not {json.dumps(payload.get(name))}") from None


def choice(payload: dict, name: str, choices: tuple[str, ...], default: str | None = None) -> str | None:
    """A field that is one of choices; default when not given (or null)."""
    value = payload.get(name)
    if value is None:
        return default
    if not isinstance(value, str) or value not in choices:
        raise BadRequest(422, f"{name} must be one of {', '.join(map(json.dumps, choices))}, not {json.dumps(value)}")
    return value


def parse_to(payload: dict, choices: tuple[str, ...]) -> str | None:
    """The request's "to": one of choices ("auto" and the languages the model writes); None when not given."""
    return choice(payload, "to", choices)


def parse_format(payload: dict, decode: DecodeConfig) -> str:
    """The request's "format" (default "text"); with markup, one translation a text: its tags go into the best."""
    if payload.get("format") in SUBTITLE_FORMATS:
        fmt = payload["format"]
        raise BadRequest(422, f'format "{fmt}" is a subtitle file, which the server does not take: translate it with '
                              f'translate.py --format {fmt} < FILE, or send its cues\' text as "texts"')
    fmt = choice(payload, "format", FORMATS, "text")
    if fmt != "text" and decode.n_best > 1:
        raise BadRequest(422, f"n_best must be 1 with format {json.dumps(fmt)}: the tags go back into the best "
                              'translation alone, so leave out n_best or send "format": "text"')
    return fmt


def parse_translate(payload: dict, defaults: DecodeConfig, limits: Limits,
                    choices: tuple[str, ...] = ("auto",),
                    languages: Callable[[list[str], str | None], tuple[str, str]] = lambda texts, to: (
                        "source", "target")) -> TranslateRequest:
    """{"text": str} or {"texts": [str, ...]}, with optional beam, n_best, length_penalty, glossary (its terms in
    languages(texts, to), the names of the request's source and target languages), to (one of choices) and format
    (one of FORMATS)."""
    check_fields(payload, TRANSLATE_FIELDS)
    if ("text" in payload) == ("texts" in payload):
        raise BadRequest(422, 'send either "text": "..." or "texts": ["...", ...]')
    if "text" in payload:
        texts, single = [check_text(payload["text"], "text", limits)], True
    else:
        texts, single = payload["texts"], False
        if not isinstance(texts, list):
            raise BadRequest(422, f"texts must be an array of strings, not {json_type(texts)}")
        if len(texts) > limits.max_sentences:
            raise BadRequest(422, f"texts has {len(texts)} texts; the limit is {limits.max_sentences} a request")
        texts = [check_text(t, f"texts[{n}]", limits) for n, t in enumerate(texts)]
    to = parse_to(payload, choices)
    work = Work(parse_decode(payload, defaults, limits), parse_glossary(payload, limits, lambda: languages(texts, to)))
    return TranslateRequest(texts, single, work, to, parse_format(payload, work.decode))


def parse_glossary(payload: dict, limits: Limits,
                   languages: Callable[[], tuple[str, str]] = lambda: ("source", "target")) -> tuple:
    """{"German term": "English term", ...} -> sorted pairs (hashable, so requests group by their glossary); errors
    name the terms' languages() (source, target: the request's, e.g. ("English", "German") for en→de)."""
    def source_name() -> str:       # called for an error alone: finding it reads the texts' language
        return languages()[0]

    def target_name() -> str:
        return languages()[1]

    glossary = payload.get("glossary", {})
    if not isinstance(glossary, dict):
        raise BadRequest(422, f'glossary must be an object of "{source_name()} term": "{target_name()} term" '
                              f"entries, not {json_type(glossary)}")
    if len(glossary) > MAX_GLOSSARY_TERMS:
        raise BadRequest(422, f"glossary has {len(glossary)} terms; the limit is {MAX_GLOSSARY_TERMS} a request, "
                              "so send only the terms your texts contain")
    for term, target in glossary.items():
        check_text(term, "a glossary term", limits, CONTROL)
        if not term.strip():
            raise BadRequest(422, f"a glossary term is empty: each key must be a term in {source_name()}")
        if not isinstance(target, str) or not target.strip():
            raise BadRequest(422, f"glossary term {term!r} needs a non-empty {target_name()} term as its value")
        check_text(target, f"glossary[{term!r}]", limits, CONTROL)
        if LINE_BREAK_OR_TAB.search(term + target):     # a glossary file could never hold it: one term, one line
            where, text = ("glossary term", term) if LINE_BREAK_OR_TAB.search(term) else \
                (f"the {target_name()} term of {term!r}", target)
            raise BadRequest(422, f"{where} {text!r} contains a tab or line break; a term is one line without tabs")
    return tuple(sorted(glossary.items()))


def parse_attention(payload: dict, defaults: DecodeConfig, limits: Limits,
                    choices: tuple[str, ...] = ("auto",)) -> tuple[str, DecodeConfig, str | None]:
    """{"text": str} with optional beam, length_penalty and to (one of choices)."""
    check_fields(payload, ATTENTION_FIELDS)
    if "text" not in payload:
        raise BadRequest(422, 'send "text": "..." (a map for each sentence of its lines)')
    return (check_text(payload["text"], "text", limits), parse_decode(payload, defaults, limits, n_best=False),
            parse_to(payload, choices))


def translation_body(request: TranslateRequest, results: list, notes: list[str] = ()) -> dict:
    """The response: translations in input order with their confidences (decoding/confidence.py) and directions
    ("from", "to": the language each text was read as and the one written), the scored n-best lists when more
    than one was asked for, and "notes" where there are any (what translate.py notes on stderr). results: one list
    of Translation per text, best first."""
    decode = {"beam": request.work.decode.beam, "length_penalty": request.work.decode.length_penalty}
    n_best = [[{"text": s.text, "score": round(s.score, 4), "confidence": s.confidence} for s in hyps]
              for hyps in results]
    if request.single:
        best = results[0][0]
        body = {"translation": best.text, "confidence": best.confidence, "from": best.src_lang, "to": best.tgt_lang,
                "n_best": n_best[0]}
    else:
        body = {"translations": [hyps[0].text for hyps in results],
                "confidences": [hyps[0].confidence for hyps in results],
                "from": [hyps[0].src_lang for hyps in results], "to": [hyps[0].tgt_lang for hyps in results],
                "n_best": n_best}
    if request.work.decode.n_best == 1:
        del body["n_best"]
    return {**body, "decode": decode, **({"notes": list(notes)} if notes else {})}


def attention_body(found: list, notes: list[str] = ()) -> dict:
    """The response of /attention: each sentence's map (source, output, weights, carried; found: AttentionMap, weights
    as lists) and "notes" where there are any, as translation_body's."""
    return {"sentences": [{key: value for key, value in m._asdict().items() if key != "cut"} for m in found],
            **({"notes": list(notes)} if notes else {})}
