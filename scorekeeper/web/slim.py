r"""Python sources without their docstrings, for the phone build's downloads.

A phone downloads every module it may import on its first visit; the
documentation of flet, pydantic and the standard library is a quarter of
those bytes and is never read there.  Each docstring is replaced by an empty
string followed by as many newlines as it spanned, so every line keeps its
number (tracebacks still point at the right line) and the code is the same
code.  A file this interpreter cannot parse (newer syntax) is kept whole.

>>> src = "def f():\n    '''Say hi.\n\n    More.'''\n    return 1\n"
>>> strip_docstrings(src)
'def f():\n    ""\n\n\n    return 1\n'
>>> strip_docstrings("x = (")  # not Python this interpreter reads: as it is
'x = ('
"""

from __future__ import annotations

import ast

_WITH_DOCSTRING = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def strip_docstrings(source: str) -> str:
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return source
    lines = source.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def offset(lineno: int, col: int) -> int:
        # ast's columns count UTF-8 bytes
        return starts[lineno - 1] + len(lines[lineno - 1].encode()[:col].decode())

    spans: list[tuple[int, int, int]] = []
    for node in ast.walk(tree):
        if not isinstance(node, _WITH_DOCSTRING) or not node.body:
            continue
        first = node.body[0]
        if (
            isinstance(first, ast.Expr)
            and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)
            and first.end_lineno is not None
            and first.end_col_offset is not None
        ):
            spans.append(
                (
                    offset(first.lineno, first.col_offset),
                    offset(first.end_lineno, first.end_col_offset),
                    first.end_lineno - first.lineno,
                )
            )
    out = source
    for start, end, newlines in sorted(spans, reverse=True):
        out = out[:start] + '""' + "\n" * newlines + out[end:]
    return out
