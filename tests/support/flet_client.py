"""A client that speaks Flet 1.0.5's WebSocket protocol, for security tests.

It does what anyone with a browser's devtools can do to the app's server:
register a page with any properties, read every message the server sends,
send any event to any control, rewrite any control's properties.  No
browser, no Flutter: a thread reads the socket and keeps a model of the
control tree from the server's patches.

The wire (flet_web/fastapi/flet_app.py, flet/messaging/protocol.py): each
binary frame is ``[type:u8][payload]``; type 0x00 carries a msgpack
``[action, body]`` (:class:`Action`).  The client registers
(``REGISTER_CLIENT`` with ``{session_id, page_name, page}``); the server
answers with the page's first patch, then sends ``PATCH_CONTROL``
(``{id, patch}``) for changes and ``INVOKE_METHOD`` calls (e.g. the
browser's storage, ``SharedPreferences``), which must be answered or the
server's handler waits.  A patch is ``[path_tree, op, op, ...]``: the
tree numbers the paths (from the patched control) the ops name, and an op
is ``[0 replace | 1 add, node, key, value]``, ``[2 remove, node, key]`` or
``[3 move, node, key, node, key]`` (as ``Control.applyPatch`` in Flet's
Dart client applies them, each path resolved when its op runs).  A control
is a map with ``_c`` (its type) and ``_i`` (its id, which events name).

>>> m = TreeModel()
>>> m.register({"_c": "Page", "_i": 1, "views": [{"_c": "View", "_i": 5, "controls": []}]})
>>> m.patch(1, [[0, {"views": [1, {0: [2, {"controls": [3]}]}]}],
...             [1, 3, 0, {"_c": "Text", "_i": 9, "value": "Hello"}]])
>>> m.texts(), m.control(9).type
(['Hello'], 'Text')
>>> m.patch(9, [[0], [0, 0, "value", "Bye"]]); m.texts()
['Bye']

All traffic goes to loopback (127.0.0.x): :func:`connect` refuses anything else.
"""

from __future__ import annotations

import contextlib
import http.client
import ipaddress
import re
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, TypeGuard

import msgpack
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection
from websockets.sync.client import connect as ws_connect
from websockets.typing import Origin

__all__ = [
    "ABSENT",
    "Action",
    "Control",
    "FletClient",
    "TreeModel",
    "connect",
    "open_host_link",
    "page_props",
]

#: How long a wait may last unless told otherwise (seconds).
TIMEOUT = 20.0


class Action(IntEnum):
    """flet.messaging.protocol.MessageAction."""

    REGISTER_CLIENT = 1
    PATCH_CONTROL = 2
    CONTROL_EVENT = 3
    UPDATE_CONTROL_PROPS = 4
    INVOKE_METHOD = 5
    SESSION_CRASHED = 6
    PYTHON_OUTPUT = 7


class _Absent:
    def __repr__(self) -> str:
        return "ABSENT"


#: A page property left out of the registration altogether (``web=ABSENT``).
ABSENT: Any = _Absent()

#: The string properties a player reads on screen.
TEXT_PROPS = (
    "value",
    "text",
    "label",
    "hint_text",
    "helper_text",
    "error_text",
    "prefix_text",
    "suffix_text",
    "counter_text",
    "tooltip",
    "content",
    "title",
    "subtitle",
    "semantics_label",
    "message",
)
#: Controls shown only while ``open`` is true (every other control is walked,
#: wherever it is held: a prop, a list, a map).
OVERLAYS = frozenset(
    {
        "AlertDialog",
        "CupertinoAlertDialog",
        "BottomSheet",
        "CupertinoBottomSheet",
        "SnackBar",
        "Banner",
        "DatePicker",
        "TimePicker",
        "DateRangePicker",
        "CupertinoActionSheet",
    }
)
#: Controls whose ``value`` is typed, not read: their text is :meth:`Control.value`.
FIELDS = frozenset({"TextField", "CupertinoTextField", "Dropdown", "SearchBar"})


def _decode_ext(code: int, data: bytes) -> Any:
    # as flet.messaging.protocol.decode_ext_from_msgpack, without importing flet
    if code in (1, 2, 4):  # datetime, time, plain text
        return data.decode("utf-8")
    if code == 3:  # Duration in microseconds
        return int(data) if data.isdigit() else data
    return msgpack.ExtType(code, data)


def pack(action: int, body: Any) -> bytes:
    """One protocol frame: ``0x00`` and the msgpack ``[action, body]``."""
    packed: bytes = msgpack.packb([int(action), body])  # (msgpack is untyped)
    return b"\x00" + packed


def unpack(frame: bytes) -> tuple[int, Any] | None:
    """The ``(action, body)`` of a protocol frame (``None`` for a data-channel frame).

    >>> unpack(pack(Action.CONTROL_EVENT, {"target": 3, "name": "click", "data": None}))
    (3, {'target': 3, 'name': 'click', 'data': None})
    """
    if not frame or frame[0] != 0x00:
        return None
    action, body = msgpack.unpackb(frame[1:], ext_hook=_decode_ext, strict_map_key=False)
    return int(action), body


# --- the control tree ------------------------------------------------------------


@dataclass(frozen=True)
class Control:
    """A view of one control of the model (its props are the live map)."""

    props: dict[Any, Any] = field(repr=False)

    @property
    def id(self) -> int:
        return int(self.props["_i"])

    @property
    def type(self) -> str:
        return str(self.props["_c"])

    def get(self, name: str, default: Any = None) -> Any:
        value = self.props.get(name, default)
        return Control(value) if _is_control(value) else value

    @property
    def value(self) -> Any:
        """A field's value (what is typed in it)."""
        return self.props.get("value")

    @property
    def visible(self) -> bool:
        return self.props.get("visible", True) is not False

    def has_handler(self, event: str) -> bool:
        return self.props.get(f"on_{event}") is True

    def own_texts(self) -> list[str]:
        """The strings this control itself shows (not its children's)."""
        out = []
        for name in TEXT_PROPS:
            if name == "value" and self.type in FIELDS:
                continue
            v = self.props.get(name)
            if isinstance(v, str) and v:
                out.append(v)
            elif isinstance(v, dict) and not _is_control(v):  # e.g. a Tooltip value
                for inner in ("message", "text", "value"):
                    if isinstance(v.get(inner), str) and v[inner]:
                        out.append(v[inner])
        for span in self.props.get("spans") or []:
            if isinstance(span, dict) and isinstance(span.get("text"), str):
                out.append(span["text"])
        return out

    def children(self) -> Iterator[Control]:
        """The controls directly under this one, in drawing order."""
        yield from _controls_in(self.props)

    def walk(self, visible_only: bool = True) -> Iterator[Control]:
        """This control and every one under it (depth first)."""
        if visible_only and not self.shown():
            return
        yield self
        for c in self.children():
            yield from c.walk(visible_only)

    def shown(self) -> bool:
        if not self.visible:
            return False
        if self.type in OVERLAYS:
            return self.props.get("open") is True
        return True

    def texts(self) -> list[str]:
        """Every string shown by this control and the controls under it."""
        return [t for c in self.walk() for t in c.own_texts()]

    def text(self) -> str:
        return " ".join(self.texts())


def _is_control(v: Any) -> TypeGuard[dict[Any, Any]]:
    return isinstance(v, dict) and "_c" in v and "_i" in v


def _controls_in(value: Any) -> Iterator[Control]:
    items = value.items() if isinstance(value, dict) else enumerate(value)
    for key, v in items:
        if key in ("_c", "_i"):
            continue
        if _is_control(v):
            yield Control(v)
        elif isinstance(v, (dict, list)):
            yield from _controls_in(v)


Matcher = str | re.Pattern[str] | Callable[[str], bool]


def _matches(m: Matcher, s: str, exact: bool) -> bool:
    if isinstance(m, re.Pattern):
        return m.search(s) is not None
    if callable(m):
        return bool(m(s))
    return s == m if exact else m in s


class TreeModel:
    """The controls the server sent, as the Dart client keeps them."""

    def __init__(self) -> None:
        self.page: dict[Any, Any] = {"_c": "Page", "_i": 1, "views": []}
        self.index: dict[int, dict[Any, Any]] = {1: self.page}

    def register(self, page_patch: Mapping[Any, Any]) -> None:
        """The registration answer: merged into the page (Dart's ``Control.update``)."""
        _merge(self.page, dict(page_patch))
        self._index(self.page)

    def _index(self, value: Any) -> None:
        if _is_control(value):
            self.index[int(value["_i"])] = value
        if isinstance(value, dict):
            for k, v in value.items():
                if k not in ("_c", "_i") and isinstance(v, (dict, list)):
                    self._index(v)
        elif isinstance(value, list):
            for v in value:
                if isinstance(v, (dict, list)):
                    self._index(v)

    def patch(self, control_id: int, patch: list[Any]) -> None:
        """Apply one ``PATCH_CONTROL`` (unknown ids are dropped, as Dart does)."""
        root = self.index.get(control_id)
        if root is None or len(patch) < 2:
            return
        paths: dict[int, list[Any]] = {}

        def build(node: list[Any], path: list[Any]) -> None:
            paths[node[0]] = path
            if len(node) > 1 and isinstance(node[1], dict):
                for k, child in node[1].items():
                    build(child, [*path, k])

        build(patch[0], [])

        def target(n: int) -> Any:
            obj: Any = root
            for p in paths[n]:
                obj = obj[p]
            return obj

        for op in patch[1:]:
            kind = op[0]
            if kind == 0:  # replace
                obj = target(op[1])
                obj[op[2]] = op[3]
                self._index(op[3])
            elif kind == 1:  # add
                obj = target(op[1])
                if isinstance(obj, list):
                    obj.insert(op[2], op[3])
                else:
                    obj[op[2]] = op[3]
                self._index(op[3])
            elif kind == 2:  # remove
                obj = target(op[1])
                if isinstance(obj, list):
                    del obj[op[2]]
                else:
                    obj.pop(op[2], None)
            elif kind == 3:  # move
                src, dst = target(op[1]), target(op[3])
                if isinstance(src, list):
                    dst.insert(op[4], src.pop(op[2]))
                else:
                    dst[op[4]] = src.pop(op[2])
            else:
                raise ValueError(f"unknown patch operation: {op!r}")

    def control(self, control_id: int) -> Control:
        return Control(self.index[control_id])

    def screen(self) -> list[Control]:
        """What is on screen: the top view, then the page's overlays and open dialogs."""
        views = [v for v in self.page.get("views") or [] if _is_control(v)]
        out = [Control(views[-1])] if views else []
        for name in ("_overlay", "_dialogs"):
            holder = self.page.get(name)
            if _is_control(holder):
                out.append(Control(holder))
        return out

    def controls(self, visible_only: bool = True) -> Iterator[Control]:
        """Every control on screen (or, with ``visible_only=False``, in the page)."""
        if not visible_only:
            yield from Control(self.page).walk(visible_only=False)
            return
        for top in self.screen():
            yield from top.walk()

    def texts(self) -> list[str]:
        return [t for c in self.controls() for t in c.own_texts()]


def _merge(dst: dict[Any, Any], src: dict[Any, Any]) -> None:
    for k, v in src.items():
        old = dst.get(k)
        if isinstance(old, dict) and isinstance(v, dict) and old.get("_i") == v.get("_i"):
            _merge(old, v)
        else:
            dst[k] = v


# --- the connection --------------------------------------------------------------


def _loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


@dataclass
class Invocation:
    """One ``INVOKE_METHOD`` call the server made, and the answer it got."""

    control_id: int
    name: str
    args: Any
    result: Any = None
    error: str | None = None


#: Answers an invocation: ``(result, error)``; ``None`` leaves the default
#: answer; :data:`SILENT` sends none (a page that never answers).
Answer = Callable[[Invocation, "FletClient"], tuple[Any, str | None] | None]
SILENT: tuple[Any, str | None] = (object(), "no answer")


def page_props(route: str = "/", **props: Any) -> dict[str, Any]:
    """The page a browser registers (as Flet's ``FletBackend._registerClient``),
    with ``props`` changed or added; ``ABSENT`` leaves one out.

    >>> p = page_props("/?x=1", web=ABSENT, client_ip="10.0.0.1")
    >>> "web" in p, p["route"], p["client_ip"], p["platform"]
    (False, '/?x=1', '10.0.0.1', 'linux')
    """
    page: dict[str, Any] = {
        "route": route,
        "pwa": False,
        "web": True,
        "debug": False,
        "wasm": False,
        "test": False,
        "multi_view": False,
        "pyodide": False,
        "platform_brightness": "light",
        "width": 390.0,
        "height": 844.0,
        "platform": "linux",
        "window": {},
    }
    page.update(props)
    return {k: v for k, v in page.items() if v is not ABSENT}


class FletClient:
    """One page session on the app's server, driven by a test.

    Open it with :func:`connect`, then :meth:`register`.  A thread reads the
    server's messages; the :attr:`model` and :attr:`frames` change under it,
    so read them through :meth:`wait_for` (or after it) rather than polling.
    """

    def __init__(
        self,
        ws: ClientConnection,
        storage: dict[str, Any] | None = None,
        answer: Answer | None = None,
        follow_routes: bool = True,
    ) -> None:
        self.ws = ws
        #: the browser's local storage, as SharedPreferences reads and writes it
        self.storage: dict[str, Any] = storage if storage is not None else {}
        #: a test's own answers to invocations (tried before the browser's)
        self.answer = answer
        #: answer ``push_route`` as a browser does: the route changes and the
        #: page is told (``route`` prop, then a ``route_change`` event)
        self.follow_routes = follow_routes
        self.model = TreeModel()
        #: every payload received, as sent (to look for data in any message)
        self.frames: list[bytes] = []
        self.invocations: list[Invocation] = []
        self.crashes: list[str] = []
        self.session_id: str | None = None
        self.register_error: str | None = None
        self.route = "/"
        self._cond = threading.Condition()
        self._closing = False
        self._ended = False
        self._close_code: int | None = None
        self._errors: list[BaseException] = []
        self._reader = threading.Thread(target=self._read, name="flet-client", daemon=True)
        self._reader.start()

    # --- sending ----------------------------------------------------------------------

    def send(self, action: int, body: Any) -> None:
        self.ws.send(pack(action, body))

    def send_raw(self, frame: bytes) -> None:
        """Any bytes as one binary frame."""
        self.ws.send(frame)

    def register(
        self,
        route: str = "/",
        *,
        web: Any = True,
        platform: Any = "linux",
        width: Any = 390.0,
        height: Any = 844.0,
        session_id: str = "",
        page_name: str = "",
        wait: bool = True,
        **page: Any,
    ) -> FletClient:
        """Register the page as a browser does, with any properties (see
        :func:`page_props`); with ``wait``, until the server answers."""
        props = page_props(route, web=web, platform=platform, width=width, height=height, **page)
        self.route = route
        self.send(
            Action.REGISTER_CLIENT,
            {"session_id": session_id, "page_name": page_name, "page": props},
        )
        if wait:
            self.wait_for(lambda: self.session_id is not None or self.register_error is not None)
        return self

    def event(self, target: int | Control, name: str, data: Any = None) -> None:
        """A ``CONTROL_EVENT`` to a control (or its id; the page is :attr:`page_id`)."""
        tid = target.id if isinstance(target, Control) else int(target)
        self.send(Action.CONTROL_EVENT, {"target": tid, "name": name, "data": data})

    def update_props(self, target: int | Control, **props: Any) -> None:
        """An ``UPDATE_CONTROL_PROPS``: the server's copy of the control takes these."""
        tid = target.id if isinstance(target, Control) else int(target)
        with self._cond:  # as the Dart client, which changes its own copy first
            if tid in self.model.index:
                self.model.index[tid].update(props)
        self.send(Action.UPDATE_CONTROL_PROPS, {"id": tid, "props": props})

    @property
    def page_id(self) -> int:
        return int(self.model.page["_i"])

    def page_event(self, name: str, data: Any = None) -> None:
        self.event(self.page_id, name, data)

    # what a browser sends for a player's moves

    def click(
        self, target: Matcher | Control, timeout: float = TIMEOUT, exact: bool = False
    ) -> Control:
        """Tap a button: the innermost clickable control showing ``target``."""
        c = (
            target
            if isinstance(target, Control)
            else self.wait_clickable(target, timeout, exact=exact)
        )
        self.event(c, "click")
        return c

    def type_text(self, field: Matcher | Control, text: str) -> Control:
        """Type into a field: its value, then its ``change`` (as the browser does)."""
        c = field if isinstance(field, Control) else self.wait_control(label=field)
        self.update_props(c, value=text)
        self.event(c, "change", text)
        return c

    def submit(self, field: Matcher | Control, text: str | None = None) -> Control:
        """Press Enter in a field (typing ``text`` first when given)."""
        c = field if isinstance(field, Control) else self.wait_control(label=field)
        if text is not None:
            self.type_text(c, text)
        value = text if text is not None else (c.value or "")
        self.event(c, "submit", value)
        return c

    def resize(self, width: float, height: float) -> None:
        self.update_props(self.page_id, width=width, height=height)
        self.page_event("resize", {"width": width, "height": height})

    def key(self, key: str, shift: bool = False, ctrl: bool = False) -> None:
        self.page_event(
            "keyboard_event",
            {"key": key, "shift": shift, "ctrl": ctrl, "alt": False, "meta": False},
        )

    def go(self, route: str) -> None:
        """The address bar changes (Back, a typed address): ``route_change``."""
        self.route = route
        self.update_props(self.page_id, route=route)
        self.page_event("route_change", {"route": route})

    def view_pop(self, route: str | None = None) -> None:
        views = self.model.page.get("views") or []
        if route is None:
            route = views[-1].get("route", "/") if views else "/"
        self.page_event("view_pop", {"route": route})

    # --- reading ----------------------------------------------------------------------

    def _read(self) -> None:
        try:
            while True:
                frame = self.ws.recv()
                if isinstance(frame, str):
                    frame = frame.encode()
                with self._cond:
                    self.frames.append(frame)
                    msg = unpack(frame)
                    # answered before anyone waiting sees the message: whatever
                    # a test sends after it reaches the server after the answer
                    for action, body in self._on_message(msg) if msg else []:
                        with contextlib.suppress(ConnectionClosed):
                            self.send(action, body)
                    self._cond.notify_all()
        except ConnectionClosed as exc:
            with self._cond:
                self._close_code = exc.rcvd.code if exc.rcvd else None
        except BaseException as exc:  # a bug in the model: shown by wait_for
            with self._cond:
                self._errors.append(exc)
        finally:
            with self._cond:
                self._ended = True
                self._cond.notify_all()

    def _on_message(self, msg: tuple[int, Any]) -> list[tuple[int, Any]]:
        action, body = msg
        if action == Action.REGISTER_CLIENT:
            if body.get("error"):
                self.register_error = body["error"]
            self.model.register(body.get("page_patch") or {})
            self.session_id = body.get("session_id")
        elif action == Action.PATCH_CONTROL:
            self.model.patch(int(body["id"]), body["patch"])
        elif action == Action.SESSION_CRASHED:
            self.crashes.append(str(body.get("message")))
        elif action == Action.INVOKE_METHOD:
            call = Invocation(int(body["control_id"]), str(body["name"]), body.get("args"))
            self.invocations.append(call)
            out: list[tuple[int, Any]] = []
            got = self.answer(call, self) if self.answer else None
            if got is SILENT:
                return []
            if got is None:
                got = self._default_answer(call, out)
            call.result, call.error = got
            reply = {
                "control_id": call.control_id,
                "call_id": body["call_id"],
                "result": call.result,
                "error": call.error,
            }
            return [(Action.INVOKE_METHOD, reply), *out]
        return []

    def _default_answer(
        self, call: Invocation, then: list[tuple[int, Any]]
    ) -> tuple[Any, str | None]:
        target = self.model.index.get(call.control_id, {})
        kind = target.get("_c")
        args = call.args if isinstance(call.args, dict) else {}
        if kind == "SharedPreferences":
            key: Any = args.get("key")  # as decoded from the wire: untyped
            if call.name == "get":
                return self.storage.get(key), None
            if call.name == "set":
                self.storage[key] = args.get("value")
                return True, None
            if call.name == "remove":
                return self.storage.pop(key, None) is not None, None
            if call.name == "contains_key":
                return key in self.storage, None
            if call.name == "get_keys":
                prefix = args.get("key_prefix", "")
                return [k for k in self.storage if k.startswith(prefix)], None
            if call.name == "clear":
                self.storage.clear()
                return True, None
        if call.name == "push_route" and kind == "Page":
            route = str(args.get("route", "/"))
            if self.follow_routes and route != self.route:
                self.route = route
                pid = call.control_id
                then.append((Action.UPDATE_CONTROL_PROPS, {"id": pid, "props": {"route": route}}))
                then.append(
                    (
                        Action.CONTROL_EVENT,
                        {"target": pid, "name": "route_change", "data": {"route": route}},
                    )
                )
            return None, None
        return None, None

    # --- waiting ----------------------------------------------------------------------

    def wait_for(
        self, condition: Callable[[], Any], timeout: float = TIMEOUT, what: str = ""
    ) -> Any:
        """Wait until ``condition()`` is true (checked after each message); its value.

        Raises ``TimeoutError`` (with the screen's texts) when it is not
        true within ``timeout`` seconds, or ``ConnectionError`` when the
        server ends the connection before.
        """
        deadline = time.monotonic() + timeout
        with self._cond:
            while True:
                if self._errors:
                    raise RuntimeError("the client failed to read a message") from self._errors[0]
                got = condition()
                if got:
                    return got
                if self._ended:
                    raise ConnectionError(
                        f"the server closed the connection before {what or condition}; "
                        f"screen: {self.model.texts()}"
                    )
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(
                        f"not within {timeout}s: {what or condition}; screen: {self.model.texts()}"
                    )
                self._cond.wait(left)

    def texts(self) -> list[str]:
        with self._cond:
            return self.model.texts()

    def shows(self, text: Matcher, exact: bool = False) -> bool:
        with self._cond:
            return any(_matches(text, t, exact) for t in self.model.texts())

    def wait_text(self, text: Matcher, timeout: float = TIMEOUT, exact: bool = False) -> str:
        """Wait until a text matching ``text`` is on screen; that text."""

        def found() -> str | None:
            return next((t for t in self.model.texts() if _matches(text, t, exact)), None)

        return str(self.wait_for(found, timeout, f"a text {text!r}"))

    def wait_gone(self, text: Matcher, timeout: float = TIMEOUT, exact: bool = False) -> None:
        self.wait_for(
            lambda: not any(_matches(text, t, exact) for t in self.model.texts()),
            timeout,
            f"no text {text!r}",
        )

    def find_all(
        self,
        text: Matcher | None = None,
        *,
        label: Matcher | None = None,
        type: str | None = None,
        exact: bool = False,
        visible_only: bool = True,
    ) -> list[Control]:
        """Controls (on screen) of ``type``, showing ``text`` (own text or a
        child's), whose ``label`` (or hint) matches."""
        with self._cond:
            out = []
            for c in self.model.controls(visible_only):
                if type is not None and c.type != type:
                    continue
                if label is not None:
                    labels = [c.props.get("label"), c.props.get("hint_text")]
                    if isinstance(labels[0], dict) and _is_control(labels[0]):
                        labels.append(Control(labels[0]).text())
                    if not any(isinstance(x, str) and _matches(label, x, exact) for x in labels):
                        continue
                if text is not None and not any(_matches(text, t, exact) for t in c.texts()):
                    continue
                out.append(c)
            return out

    def find(self, text: Matcher | None = None, **kw: Any) -> Control | None:
        """The innermost matching control (the last one found depth first), or ``None``."""
        found = self.find_all(text, **kw)
        if not found:
            return None
        if text is None:
            return found[0]
        # the innermost: a match none of whose descendants also match
        ids = {c.id for c in found}
        for c in found:
            if not any(d.id in ids for d in c.walk() if d.id != c.id):
                return c
        return found[-1]

    def wait_control(
        self, text: Matcher | None = None, timeout: float = TIMEOUT, **kw: Any
    ) -> Control:
        got = self.wait_for(lambda: self.find(text, **kw), timeout, f"a control {text!r} {kw}")
        assert isinstance(got, Control)
        return got

    def clickable(self, text: Matcher, exact: bool = False) -> Control | None:
        """The innermost control with a click handler that shows ``text``."""
        found = [
            c
            for c in self.find_all(text, exact=exact)
            if c.has_handler("click") and not c.props.get("disabled")
        ]
        ids = {c.id for c in found}
        for c in found:
            if not any(d.id in ids for d in c.walk() if d.id != c.id):
                return c
        return None

    def wait_clickable(
        self, text: Matcher, timeout: float = TIMEOUT, exact: bool = False
    ) -> Control:
        got = self.wait_for(lambda: self.clickable(text, exact), timeout, f"a button {text!r}")
        assert isinstance(got, Control)
        return got

    def received(self, needle: bytes) -> bool:
        """Whether any message so far holds these bytes (e.g. a player's name)."""
        with self._cond:
            return any(needle in f for f in self.frames)

    # --- the end ------------------------------------------------------------------------

    @property
    def ended(self) -> bool:
        """The connection is over (closed by either side)."""
        return self._ended

    @property
    def close_code(self) -> int | None:
        """The close code the server sent (``None``: none, or still open)."""
        return self._close_code

    @property
    def closed_by_server(self) -> bool:
        """The server ended the connection (this client did not close it)."""
        return self._ended and not self._closing

    def wait_closed(self, timeout: float = TIMEOUT) -> bool:
        """Wait until the connection is over; whether it is (never raises)."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while not self._ended:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
        return True

    def close(self) -> None:
        if not self._ended:
            self._closing = True
            self.ws.close()
        self._reader.join(10)

    def __enter__(self) -> FletClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def connect(
    port: int,
    host: str = "127.0.0.1",
    *,
    source: str | None = None,
    cookie: str | None = None,
    user_agent: str | None = "Mozilla/5.0 (X11; Linux x86_64) flet-client",
    origin: str | None = "",
    headers: Mapping[str, str] | None = None,
    storage: dict[str, Any] | None = None,
    answer: Answer | None = None,
    follow_routes: bool = True,
    path: str = "/ws",
    timeout: float = TIMEOUT,
) -> FletClient:
    """Open ``ws://host:port/ws`` (loopback only) as the app's web page does.

    ``source`` is the loopback address to connect from (e.g. ``127.0.0.2``:
    the server sees that peer).  ``Host`` is ``host:port``; ``Origin`` is
    ``http://host:port`` unless given (``None`` sends none).  ``cookie`` is
    sent as the ``Cookie`` header; ``headers`` adds any others.
    """
    if not _loopback(host) or (source is not None and not _loopback(source)):
        raise ValueError(f"loopback only: {host!r} from {source!r}")
    if origin == "":
        origin = f"http://{host}:{port}"
    extra = dict(headers or {})
    if cookie is not None:
        extra["Cookie"] = cookie
    # the loopback address to connect from, if given (passed on to the socket)
    bind: dict[str, Any] = {"source_address": (source, 0)} if source else {}
    ws = ws_connect(
        f"ws://{host}:{port}{path}",
        origin=None if origin is None else Origin(origin),
        additional_headers=extra,
        user_agent_header=user_agent,
        proxy=None,
        open_timeout=timeout,
        compression=None,
        max_size=2**24,
        legacy=True,
        **bind,
    )
    return FletClient(ws, storage=storage, answer=answer, follow_routes=follow_routes)


# --- plain HTTP ----------------------------------------------------------------------


@dataclass(frozen=True)
class HttpAnswer:
    status: int
    headers: list[tuple[str, str]]

    def header(self, name: str) -> list[str]:
        return [v for k, v in self.headers if k.lower() == name.lower()]


def http_get(url: str, cookie: str | None = None, timeout: float = TIMEOUT) -> HttpAnswer:
    """``GET url`` (loopback only), redirects not followed; the body is read and dropped."""
    parts = urllib.parse.urlsplit(url)
    host = parts.hostname or ""
    if parts.scheme != "http" or not _loopback(host):
        raise ValueError(f"loopback http only: {url!r}")
    conn = http.client.HTTPConnection(host, parts.port or 80, timeout=timeout)
    try:
        target = parts.path or "/"
        if parts.query:
            target += "?" + parts.query
        headers = {"Cookie": cookie} if cookie else {}
        conn.request("GET", target, headers=headers)
        resp = conn.getresponse()
        resp.read()
        return HttpAnswer(resp.status, resp.getheaders())
    finally:
        conn.close()


def open_host_link(url: str, timeout: float = TIMEOUT) -> str | None:
    """Open the host link as a browser's first request does; the ``Cookie``
    header the answer's ``Set-Cookie`` lines make (``None`` if it sets none).

    Redirects are not followed: the cookie of a ``303`` is what counts."""
    answer = http_get(url, timeout=timeout)
    pairs = []
    for line in answer.header("set-cookie"):
        pair = line.split(";", 1)[0].strip()
        if "=" in pair:
            pairs.append(pair)
    return "; ".join(pairs) or None
