import sys

from .standalone import main

sys.exit(main(sys.argv[1:]))
