"""The settle-ups' room of the store: payments made between players outside
any game ("Bob paid Ann 3.40", RULES §10), and each pair's running balance
over every finished game played for money.

The settle-ups are a file of their own, ``settle_ups.json``, replaced whole
at each change (written under a temporary name and renamed: a crash leaves
the old file or the new one)::

    {"v": 1, "entries": [{"id", "payer", "payee", "amount", "currency", "at",
                          "undone_at": null | time}, ...]}

An undo marks an entry undone (kept, like a hand's undo).  A player merged
into another is followed through the store's aliases when the balances are
counted, so a merge moves their settle-ups with their games.  What a game
owes is read from its summary in the index (``payments``, ``currency``: no
replay); a summary written before they were kept is replayed once.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from scorekeeper.engine import Balance, Payment, RuleError, SettleUp, balances

from .base import _reading, _writing
from .docs import now, time_to_doc
from .documents import SettleUpRecord
from .errors import StoreError
from .games import Games
from .shared import new_id
from .storage import atomic_write_bytes, dumps, parse_json

SETTLE_UPS_FILE = "settle_ups.json"


def read_settle_ups(data_dir: Path) -> list[SettleUpRecord]:
    """Every settle-up record of the folder, undone ones too (a damaged
    file is refused, never guessed at)."""
    path = data_dir / SETTLE_UPS_FILE
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise StoreError(
            "{file} can't be read: {reason}", file=SETTLE_UPS_FILE, reason=str(exc)
        ) from None
    data = parse_json(raw)
    entries = data.get("entries") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise StoreError("{file} is damaged", file=SETTLE_UPS_FILE)
    out: list[SettleUpRecord] = []
    for e in entries:
        try:
            _value(e)
        except (RuleError, KeyError, TypeError):
            raise StoreError("{file} is damaged", file=SETTLE_UPS_FILE) from None
        out.append(e)
    return out


def write_settle_ups(data_dir: Path, records: list[SettleUpRecord], *, durable: bool) -> None:
    """Replace the settle-ups' file whole (temp + rename)."""
    payload = dumps({"v": 1, "entries": records})
    atomic_write_bytes(data_dir / SETTLE_UPS_FILE, payload, durable=durable)


def merge_settle_ups(
    data_dir: Path, incoming: list[SettleUpRecord], *, durable: bool, dry_run: bool = False
) -> int:
    """Add an import's settle-ups not here yet (by id), and take back those
    it has taken back; how many it added.  Their players are the file's
    ids: the aliases the import recorded lead them to the players here."""
    records = read_settle_ups(data_dir)
    by_id = {r["id"]: r for r in records}
    added = changed = 0
    for r in incoming:
        mine = by_id.get(r["id"])
        if mine is None:
            by_id[r["id"]] = r.copy()  # the record kept, so a later undo of it lands there
            records.append(by_id[r["id"]])
            added += 1
        elif r["undone_at"] is not None and mine["undone_at"] is None:
            mine["undone_at"] = r["undone_at"]
            changed += 1
    if (added or changed) and not dry_run:
        write_settle_ups(data_dir, records, durable=durable)
    return added


class SettleUps(Games):
    """Settle-ups, and the balances they and the finished games make."""

    def _settle_records(self) -> list[SettleUpRecord]:
        return read_settle_ups(self._s.data_dir)

    def _write_settle_records(self, records: list[SettleUpRecord]) -> None:
        write_settle_ups(self._s.data_dir, records, durable=self._s.durable)

    @_writing
    def settle_up(self, payer_id: str, payee_id: str, amount: int, currency: str) -> SettleUp:
        """Record that ``payer`` paid ``payee`` ``amount`` (the currency's
        smallest unit): an entry of its own, never a change to a game."""
        payer = self._player_doc(payer_id)["id"]
        payee = self._player_doc(payee_id)["id"]
        record: SettleUpRecord = {
            "id": new_id(),
            "payer": payer,
            "payee": payee,
            "amount": amount,
            "currency": currency,
            "at": time_to_doc(now()),
            "undone_at": None,
        }
        value = _value(record)  # RuleError (nothing stored) if it is no payment
        self._write_settle_records([*self._settle_records(), record])
        return value

    @_writing
    def undo_settle_up(self, settle_up_id: str) -> SettleUp:
        """Take a settle-up back (kept, marked undone)."""
        records = self._settle_records()
        for r in records:
            if r["id"] == settle_up_id and r["undone_at"] is None:
                r["undone_at"] = time_to_doc(now())
                self._write_settle_records(records)
                return _value(r)
        raise StoreError("there is no settle-up {id!r} to take back", id=settle_up_id)

    @_reading
    def settle_ups(self, player_id: str | None = None) -> list[SettleUp]:
        """The settle-ups that count, oldest first (of one player, if given),
        their players as they are now (after any merge)."""
        want = None if player_id is None else self._s.resolve(player_id)
        out = [s for s in self._active_settle_ups() if want is None or want in (s.payer, s.payee)]
        return sorted(out, key=lambda s: (s.at, s.id))

    def _active_settle_ups(self) -> Iterator[SettleUp]:
        resolve = self._s.resolve
        for r in self._settle_records():
            if r["undone_at"] is None:
                s = _value(r)
                yield SettleUp(s.id, resolve(s.payer), resolve(s.payee), s.amount, s.currency, s.at)

    @_reading
    def balances(self, player_id: str | None = None) -> list[Balance]:
        """Each pair's running balance over every finished game played for
        money and every settle-up (of one player, if given)."""
        resolve = self._s.resolve
        games: list[tuple[str, list[Payment]]] = []
        for gid, entry in self._s.index.entries.items():
            if entry["deleted"] or not entry.get("finished"):
                continue
            found = _owed(entry)
            if found is None:  # a summary from before payments were kept: once
                found = self._replayed_payments(gid)
                owed = [[p.payer, p.payee, p.amount] for p in found[1]]
                self._s.index.set_fields(gid, payments=owed, currency=found[0])
            currency, payments = found
            if payments:
                games.append(
                    (
                        currency,
                        [Payment(resolve(p.payer), resolve(p.payee), p.amount) for p in payments],
                    )
                )
        out = balances(games, self._active_settle_ups())
        if player_id is not None:
            want = resolve(player_id)
            out = tuple(b for b in out if want in (b.debtor, b.creditor))
        return list(out)

    def _replayed_payments(self, game_id: str) -> tuple[str, list[Payment]]:
        from scorekeeper.engine import settlement

        game = self._load(game_id)[3]
        return game.rules.currency, list(settlement(game.standings))


def _owed(entry: Any) -> tuple[str, list[Payment]] | None:
    payments = entry.get("payments")
    currency = entry.get("currency")
    if not isinstance(payments, list) or not isinstance(currency, str):
        return None
    try:
        return currency, [Payment(*p) for p in payments]
    except (RuleError, TypeError):
        return None


def _value(record: Any) -> SettleUp:
    return SettleUp(
        record["id"],
        record["payer"],
        record["payee"],
        record["amount"],
        record["currency"],
        record["at"],
    )
