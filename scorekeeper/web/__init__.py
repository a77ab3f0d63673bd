"""The phone build: the whole app as a static site that runs Python in the
browser (``scorekeeper build-web``), offline after the first visit.

* :mod:`.build`: writes the site (no network beyond the package registry);
* :mod:`.durable`: a save is shown as saved only once it is in IndexedDB;
* :mod:`.tabs`: one tab writes at a time;
* ``site/``: the page's own scripts (service worker, start-up).

The browser entry itself is :mod:`scorekeeper.ui.browser` (it draws).
"""
