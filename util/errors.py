"""One exception type for users' mistakes; the commands print it as one line, without a traceback."""


class UserError(Exception):
    """A problem the user can fix (bad flag, missing file, corrupt data). The message says how."""
