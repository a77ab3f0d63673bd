"""The validation library (pydantic) on the phone, fetched when first needed.

The phone build does not ship it in the app's download but in
``validation.tar.gz`` of its own (``scorekeeper.web.build.VALIDATION_DISTS``):
only a file changed behind the store's back is checked with it.  The phone
build's entry (:mod:`scorekeeper.ui.browser`) puts :class:`FetchValidation`
on ``sys.meta_path``.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
from typing import Any

from .browser_js import _js

__all__ = ["NOT_YET", "VALIDATION_ARCHIVE", "VALIDATION_PACKAGES", "FetchValidation"]

#: What comes in ``validation.tar.gz`` (scorekeeper.web.build.VALIDATION_DISTS).
VALIDATION_PACKAGES = ("pydantic", "pydantic_core", "annotated_types", "typing_inspection")
VALIDATION_ARCHIVE = "validation.tar.gz"


class FetchValidation(importlib.abc.MetaPathFinder):
    """Fetch the validation library the first time one of its packages is
    imported (only a file changed behind the store's back is checked, see
    storage.py): synchronously, as an import is, which a worker may do; the
    service worker answers from its cache when the phone is offline."""

    def find_spec(
        self, fullname: str, path: Any = None, target: Any = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname.partition(".")[0] not in VALIDATION_PACKAGES:
            return None
        import io
        import tarfile

        sys.meta_path.remove(self)
        js = _js()
        request = js.XMLHttpRequest.new()
        request.open("GET", VALIDATION_ARCHIVE, False)
        request.responseType = "arraybuffer"
        try:
            request.send(None)
        except Exception as exc:  # offline, and not kept yet
            sys.meta_path.insert(0, self)
            raise ImportError(NOT_YET) from exc
        if request.status != 200:
            sys.meta_path.insert(0, self)
            raise ImportError(NOT_YET)
        data = bytes(js.Uint8Array.new(request.response).to_py())
        with tarfile.open(fileobj=io.BytesIO(data)) as tar:
            tar.extractall(".", filter="data")  # its paths start with __pypackages__/
        importlib.invalidate_caches()
        return importlib.machinery.PathFinder.find_spec(fullname, path)


#: Why a file could not be checked (a file changed behind the store's back,
#: on a phone offline before the checker was kept).
NOT_YET = "the app's file checker is not on this device yet: open the app once with a connection"
