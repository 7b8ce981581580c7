"""Multi30K task 1 files: where they live, downloading them safely, and reading sentence pairs.

Files are `{split}.{lang}.gz` in one directory: the `data_dir` argument, else $MULTI30K_DIR, else
`$XDG_CACHE_HOME/einsum-nmt/multi30k` (~/.cache when unset); a directory given but absent is an error, not
created. A missing file is downloaded from `{base_url}/{split}.{lang}.gz` into a temp file in that directory,
checked against its known sha256 and only then renamed into place, so an interrupted or corrupted download never
leaves a file that looks valid. Files already present are trusted as they are (they may be the user's own data); a
damaged gzip is reported when it is read.

Languages: English and German everywhere; French in every split; Czech in train, val, test_2016_flickr and
test_2018_flickr (PUBLISHED), so `--data.src_lang=fr` trains fr→en the same way. Only the German and English files'
sha256 are known here (SHA256): a French or Czech file is downloaded over HTTPS from the same repository and checked
to be whole gzip-compressed UTF-8 text, not against a known digest; a warning gives its sha256 to compare.
"""
from __future__ import annotations

import gzip
import hashlib
import os
import sys
import tempfile
import zlib
from pathlib import Path

from util.errors import UserError
from util.textio import split_lines

SPLITS = ("train", "val", "test_2016_flickr", "test_2017_flickr", "test_2017_mscoco", "test_2018_flickr")
# the languages of each split's raw files in the Multi30K repository (task 1)
PUBLISHED = {"train": ("de", "en", "fr", "cs"), "val": ("de", "en", "fr", "cs"),
             "test_2016_flickr": ("de", "en", "fr", "cs"), "test_2017_flickr": ("de", "en", "fr"),
             "test_2017_mscoco": ("de", "en", "fr"), "test_2018_flickr": ("de", "en", "fr", "cs")}
BASE_URL = "https://raw.githubusercontent.com/multi30k/dataset/master/data/task1/raw"
SHA256: dict[str, str] = {
    "train.de.gz": "726e39b2fa9eb9ffb6dc763fb35a179f80fae06ffc5d28b6ace5faa883de28a6",
    "train.en.gz": "d79cfa999dd4c51d2cb42499b6796d5a882c3a8a961923c25a898c90f8bbd56f",
    "val.de.gz": "f0cba2f995189cf5770f29a8a9a537a3ad3f51657ad873405082ff6863a5e75a",
    "val.en.gz": "14f7d25ddd868909a9213e361768460edcacdd6ab9d1e77b92560dc10c10dc28",
    "test_2016_flickr.de.gz": "9204244e408ccb38d2a55cfcd344df15005fc42a07a6e55ca6c52b6ababb8cc8",
    "test_2016_flickr.en.gz": "611d361c6334bc7246101d48097c13cf5c4413c5befc793cc629934359d532d9",
    "test_2017_flickr.de.gz": "a2c89666db00c495cd8513b9d708d5a3acc205d7de312ef2bf5fb7ebc1540aee",
    "test_2017_flickr.en.gz": "76a444ee25172e72695cddb13ae4a3bda59430617be88e0bb46b60504f054074",
    "test_2017_mscoco.de.gz": "799e4854c25d601cb6cb6be29eabe5667734c61ace2f495e03e429031a0bc338",
    "test_2017_mscoco.en.gz": "aab300bfb4427697987e02cd0aacd44bfe8aa50456231b6474c08038bbed2b58",
    "test_2018_flickr.de.gz": "ddd0130c7d97482dc5197a02141dae8dd79f20f03586c480d675c09a32daf608",
    "test_2018_flickr.en.gz": "ef4f4844037d4c5dea75c9a8ed5fd78905967a26f67c255e230cc9780032654d",
}
_CHUNK = 1 << 16


class DataError(UserError):
    """Missing, corrupt or undownloadable data; the message names the file and the fix."""


def user_cache_dir() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "einsum-nmt"


def resolve_data_dir(data_dir: str | os.PathLike | None = None) -> Path:
    chosen = data_dir or os.environ.get("MULTI30K_DIR")
    return Path(chosen).expanduser() if chosen else user_cache_dir() / "multi30k"


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(_CHUNK), b""):
            digest.update(chunk)
    return digest.hexdigest()


def ensure_split(split: str, data_dir: str | os.PathLike | None = None, langs=("de", "en"), download: bool = True,
                 base_url: str | None = None, sha256: dict[str, str] | None = None) -> dict[str, Path]:
    """The paths of `{split}.{lang}.gz` for each lang, downloading missing ones. `sha256` overrides SHA256."""
    root = resolve_data_dir(data_dir)
    if (data_dir or os.environ.get("MULTI30K_DIR")) and root.exists() and not root.is_dir():
        raise DataError(f"the data directory {root} is a file; pass --data-dir (or $MULTI30K_DIR) the directory that "
                        f"holds {split}.{langs[0]}.gz")
    if (data_dir or os.environ.get("MULTI30K_DIR")) and not root.is_dir():   # a typo, never created silently
        raise DataError(f"the data directory {root} does not exist; check --data-dir (or $MULTI30K_DIR), or leave "
                        f"both unset to download Multi30K into {user_cache_dir() / 'multi30k'}")
    paths = {lang: root / f"{split}.{lang}.gz" for lang in langs}
    missing = [p for p in paths.values() if not p.is_file()]
    if missing and split not in SPLITS:
        raise DataError(f"unknown split {split!r} (no {missing[0]}); choose one of: {', '.join(SPLITS)}")
    unpublished = [lang for lang, p in paths.items() if p in missing and lang not in PUBLISHED[split]]
    if unpublished:
        raise DataError(f"Multi30K has no {split} in {unpublished[0]!r} (its {split} is published in "
                        f"{', '.join(PUBLISHED[split])}); put your own {paths[unpublished[0]].name} in {root}, or "
                        "choose another --data.src_lang/--data.tgt_lang or split")
    base_url = (base_url or os.environ.get("MULTI30K_BASE_URL") or BASE_URL).rstrip("/")
    for path in missing:
        url = f"{base_url}/{path.name}"
        if not download:
            raise DataError(f"missing {path.name} in {root}; put it there (from {url}) or allow downloading")
        _download(url, path, (sha256 or SHA256).get(path.name))
    return paths


def _download(url: str, path: Path, expected: str | None) -> None:
    """Download url to path through a temp file, checked against the `expected` sha256, or, when none is known (a
    French or Czech file), checked to be whole gzip text, with a warning that gives its sha256."""
    import http.client
    import urllib.error
    import urllib.request

    from tqdm import tqdm

    where = f"put {path.name} in {path.parent} or set MULTI30K_DIR to a directory that has it"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    except OSError as e:
        raise DataError(f"cannot write {path.name} into {path.parent} ({e.strerror}); {where}") from None
    try:
        digest, received = hashlib.sha256(), 0
        with os.fdopen(fd, "wb") as out, urllib.request.urlopen(url, timeout=30) as response:
            size = int(response.headers.get("Content-Length") or 0) or None
            with tqdm(total=size, unit="B", unit_scale=True, desc=f"download {path.name}", leave=False,
                      disable=None) as bar:     # None: no bar in a log file, only on a terminal
                for chunk in iter(lambda: response.read(_CHUNK), b""):
                    out.write(chunk)
                    digest.update(chunk)
                    received += len(chunk)
                    bar.update(len(chunk))
        if size is not None and received != size:
            raise DataError(f"download of {path.name} from {url} was cut off ({received} of {size} bytes); "
                            f"run again, or {where}")
        if expected is not None and digest.hexdigest() != expected:
            raise DataError(f"{path.name} from {url} has the wrong sha256 ({digest.hexdigest()[:12]}…, expected "
                            f"{expected[:12]}…); the file was not kept; {where}")
        if expected is None:
            read_gzip_lines(Path(tmp), f"{url} sent a damaged file; it was not kept; {where}")
            print(f"warning: {path.name} has no known sha256 here, so it was checked only to be whole gzip text; "
                  f"its sha256 is {digest.hexdigest()}", file=sys.stderr)
        os.replace(tmp, path)
    except (urllib.error.URLError, http.client.HTTPException, OSError, ValueError) as e:
        reason = getattr(e, "reason", None) or e
        raise DataError(f"cannot download {path.name} from {url} ({reason}); {where}") from None
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def read_gzip_lines(path: Path, fix: str = "delete it so it is downloaded again") -> list[str]:
    """The lines of a gzip text file without their trailing newline; nothing else is changed."""
    try:
        with gzip.open(path, "rb") as f:
            text = f.read().decode("utf-8")
    except (OSError, EOFError, zlib.error, UnicodeDecodeError) as e:
        raise DataError(f"{path} is corrupt ({e}); {fix}") from None
    return split_lines(text)


def read_parallel(split: str, data_dir: str | os.PathLike | None = None, src_lang: str = "de",
                  tgt_lang: str = "en", download: bool = True) -> tuple[list[str], list[str]]:
    """Source and target lines of one split, checked to be the same number."""
    paths = ensure_split(split, data_dir, langs=(src_lang, tgt_lang), download=download)
    src, tgt = read_gzip_lines(paths[src_lang]), read_gzip_lines(paths[tgt_lang])
    if len(src) != len(tgt):
        raise DataError(f"{paths[src_lang]} has {len(src)} lines but {paths[tgt_lang]} has {len(tgt)}; "
                        "they must be parallel, line by line")
    return src, tgt
