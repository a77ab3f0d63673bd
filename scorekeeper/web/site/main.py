# The phone build's entry (scorekeeper build-web): the worker runs this file.
from scorekeeper.ui.browser import main

main()
