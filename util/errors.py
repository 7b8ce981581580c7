"""One exception type for users' mistakes; the commands print it as one line, without a traceback."""
from __future__ import annotations

import linecache
import sys
import traceback
from pathlib import Path


USER_MODULE = "user_module_"      # a --user-module file's module name starts so: an error raised in it is the user's


class UserError(Exception):
    """A problem the user can fix (bad flag, missing file, corrupt data). The message says how."""


def user_file(thing) -> str | None:
    """The --user-module file an object's class was defined in; None for the project's own."""
    module = sys.modules.get(type(thing).__module__)
    return getattr(module, "__file__", None) if type(thing).__module__.startswith(USER_MODULE) else None


def raised_at(error: BaseException, file: str | Path) -> str:
    """'line N (code)' of the deepest frame in a user's file that the error came through ('import' for none)."""
    file = Path(file).resolve()
    frames = [f for f in traceback.extract_tb(error.__traceback__) if Path(f.filename).resolve() == file]
    if not frames:
        return "import"
    frame = frames[-1]
    code = (frame.line or linecache.getline(frame.filename, frame.lineno)).strip()
    return f"line {frame.lineno}" + (f" ({code})" if code else "")


def one_line(error: BaseException) -> str:
    """An error as one line: its type and the first line of its message."""
    return f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else '(no message)'}"


def json_mistake(error, column: bool = True) -> str:
    """A json.JSONDecodeError as 'what at line L column C': its own message may end in "at" already
    ("Unterminated string starting at"), which is not said twice."""
    place = f"line {error.lineno}" + (f" column {error.colno}" if column else "")
    return f"{error.msg.removesuffix(' at')} at {place}"
