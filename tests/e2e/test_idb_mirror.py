"""The phone's copy to IndexedDB (scorekeeper.ui.browser.MIRROR_JS), in
chromium's JavaScript, over a stand-in for Emscripten's IDBFS that keeps its
rules: entries are compared by time stamp (a file's mtime, to the
millisecond), ``reconcile`` reads what it copies as it is called and
finishes later, ``getRemoteSet`` reads every stored key (the step the copy
leaves out of a save).  The real IDBFS is used by the phone tests
(test_phone.py), which reload and kill the tab.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser

from scorekeeper.ui.browser import MIRROR_JS

#: The stand-in, the copy made over it, and a story of a phone's syncs.
STORY = """async (mirrorSource) => {
  const clock = { now: 1000 };
  Date.now = () => clock.now;
  const folder = {}, idb = {};  // path -> {t: mtime in ms, data}
  const seen = { keyReads: 0, puts: [] };
  let refuse = false;
  const entries = (files) => Object.fromEntries(
    Object.entries(files).map(([p, f]) => [p, { timestamp: new Date(f.t) }]));
  const IDBFS = {
    getLocalSet: (mount, cb) => cb(null, { type: "local", entries: entries(folder) }),
    getRemoteSet: (mount, cb) => {
      seen.keyReads++;
      setTimeout(() => cb(null, { type: "remote", db: "db", entries: entries(idb) }), 0);
    },
    reconcile: (src, dst, cb) => {
      const [from, to] = dst.type === "local" ? [idb, folder] : [folder, idb];
      if (refuse && to === idb) {
        refuse = false;
        return setTimeout(() => cb(new Error("QuotaExceededError")), 0);
      }
      for (const [p, e] of Object.entries(src.entries)) {
        const d = dst.entries[p];
        if (!d || d.timestamp.getTime() !== e.timestamp.getTime()) {
          to[p] = { ...from[p] };
          if (to === idb) seen.puts.push(p);
        }
      }
      for (const p of Object.keys(dst.entries)) if (!src.entries[p]) delete to[p];
      setTimeout(() => cb(null), 0);
    },
  };
  const sync = eval(mirrorSource)(IDBFS, { mountpoint: "/data" });
  const write = (path, data) => { folder[path] = { t: clock.now, data }; };
  const log = [];
  const step = async (name, populate) => {
    seen.puts = [];
    let error = null;
    try { await sync(populate); } catch (e) { error = String(e); }
    log.push({ name, puts: [...seen.puts].sort(), keyReads: seen.keyReads, error });
  };

  idb["/data/players.json"] = { t: 500, data: "ann bob" };  // the last visit's
  await step("open", true);
  clock.now = 2000;
  write("/data/games/g.json", "hand 1");
  write("/data/journal", "1");
  await step("save 1", false);
  write("/data/games/g.json", "hand 2");  // the same millisecond as save 1's copy
  await step("save 2", false);
  clock.now = 3000;
  write("/data/journal", "12");
  await step("save 3", false);
  clock.now = 4000;
  write("/data/games/g.json", "hand 3");
  refuse = true;
  await step("refused", false);
  await step("again", false);
  clock.now = 5000;
  idb["/data/games/h.json"] = { t: 5000, data: "the other tab's" };  // while this one waited
  delete idb["/data/journal"];
  await step("use here", true);
  clock.now = 6000;
  write("/data/games/h.json", "the other tab's, and one more");
  await step("save 4", false);
  const data = (files) => Object.fromEntries(Object.entries(files).map(([p, f]) => [p, f.data]));
  return { log, folder: data(folder), idb: data(idb) };
}"""


def test_a_save_sends_only_what_it_wrote_and_never_loses_a_change(browser: Browser) -> None:
    page = browser.new_page()
    try:
        got: dict[str, Any] = page.evaluate(STORY, MIRROR_JS)
    finally:
        page.close()
    log = {s["name"]: s for s in got["log"]}
    # opening reads every stored key once, and so does nothing else but a
    # copy that failed (what IndexedDB holds is then not known) or a new
    # turn as the writer (another tab may have written)
    assert [s["keyReads"] for s in got["log"]] == [1, 1, 1, 1, 1, 2, 3, 3]
    assert log["open"]["puts"] == []
    # a save sends the files it wrote, not the others
    assert log["save 1"]["puts"] == ["/data/games/g.json", "/data/journal"]
    # written again within the millisecond of the last copy, its time stamp
    # unchanged: sent all the same (and the journal, of that millisecond too)
    assert log["save 2"]["puts"] == ["/data/games/g.json", "/data/journal"]
    assert log["save 3"]["puts"] == ["/data/games/g.json", "/data/journal"]
    assert log["refused"]["error"] == "Error: QuotaExceededError"
    assert log["again"]["puts"] == ["/data/games/g.json"]
    assert log["save 4"]["puts"] == ["/data/games/h.json"]
    assert got["idb"] == got["folder"]
    assert got["folder"] == {
        "/data/players.json": "ann bob",
        "/data/games/g.json": "hand 3",
        "/data/games/h.json": "the other tab's, and one more",
    }
