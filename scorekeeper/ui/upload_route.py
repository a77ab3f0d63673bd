"""The web server's upload endpoint: ``PUT /upload``, where imports arrive.

Imports are uploads to ``PUT /upload`` (a URL the server signed for one
one-time slot of :data:`~scorekeeper.ui.uploads.INBOX`), at most
:data:`~scorekeeper.ui.uploads.MAX_UPLOAD` bytes, held in memory: a body
announced as larger is refused before it is read, one that grows larger
is refused as soon as it does, one that trickles in is cut off.  A slot
takes one upload, and the server two at a time (others: 503, "try again in
a moment").

The route is put in Flet's app by :func:`scorekeeper.ui.server.build_app`.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from .uploads import UploadInbox, UploadsBusy

__all__ = ["UPLOAD_PATH", "upload_endpoint"]

#: Where the browser sends an import file (Flet's default upload path).
UPLOAD_PATH = "/upload"


def upload_endpoint(inbox: UploadInbox, secret_key: str) -> Callable[[Any], Any]:
    """The ``PUT /upload`` handler (a Starlette endpoint) for ``inbox``.

    The slot is claimed before a byte of the body is read (a second upload to
    it is refused at once); when ``inbox.max_held`` uploads are under way the
    answer is 503, which the session shows as "try again in a moment".  The
    body must keep coming (``inbox.read_timeout`` between two pieces) and be
    done in ``inbox.upload_timeout``, else 408.
    """
    from flet_web.uploads import (  # type: ignore[import-untyped]
        build_upload_query_string,
        get_upload_signature,
    )
    from starlette.requests import ClientDisconnect
    from starlette.responses import PlainTextResponse

    def answer(status: int, text: str, **headers: str) -> Any:
        return PlainTextResponse(text, status_code=status, headers=headers)

    async def read_body(request: Any) -> bytes | Any:
        """The whole body, or the response that refuses it."""
        loop = asyncio.get_running_loop()
        end = loop.time() + inbox.upload_timeout
        body = bytearray()
        try:
            async with (
                asyncio.timeout(None) as deadline,
                contextlib.aclosing(request.stream()) as chunks,
            ):
                while True:
                    deadline.reschedule(min(end, loop.time() + inbox.read_timeout))
                    try:
                        chunk = await anext(chunks)
                    except StopAsyncIteration:
                        return bytes(body)
                    body += chunk
                    if len(body) > inbox.limit:
                        return answer(413, "The file is too large.")
        except TimeoutError:  # a client that trickles a few bytes a minute
            return answer(408, "The upload was too slow.")
        except ClientDisconnect:  # the browser went away mid-upload
            return answer(400, "")

    async def handler(request: Any) -> Any:
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > inbox.limit):
            return answer(413, "The file is too large.")
        q = request.query_params
        name, expires, signature = q.get("f"), q.get("e"), q.get("s")
        if not name or not expires or not signature:
            return answer(400, "Missing upload parameters.")
        try:
            expire_date = datetime.fromisoformat(expires)
        except ValueError:
            return answer(400, "Bad upload parameters.")
        wanted = get_upload_signature(
            request.url.path, build_upload_query_string(name, expire_date), expire_date, secret_key
        )
        if not hmac.compare_digest(wanted, signature):
            return answer(403, "Bad upload signature.")
        if expire_date.tzinfo is None or datetime.now(UTC) >= expire_date:
            return answer(410, "The upload link has expired.")
        try:
            inbox.claim(name)
        except KeyError:
            return answer(404, "No such upload.")
        except UploadsBusy:
            return answer(503, "Busy: try again in a moment.", **{"retry-after": "5"})
        try:
            got = await read_body(request)
            if not isinstance(got, bytes):
                return got
            try:
                inbox.fill(name, got)
            except KeyError:  # the session dropped the slot meanwhile
                return answer(404, "No such upload.")
            return answer(204, "")
        finally:
            inbox.release(name)  # a no-op once filled; else the slot is spent

    return handler
