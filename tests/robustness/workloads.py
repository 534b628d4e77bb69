"""The commands the robustness tests run: small enough for the default tests, and each writing
the kind of file under test (kill_test.py, full_disk_test.py, out_of_memory_test.py)."""

import os

HERE = os.path.dirname(os.path.abspath(__file__))
SHOWCASE = os.path.join(HERE, "..", "..", "puzzles", "showcase.epd")
# One of Mark Watkins' leaf positions (../shared/testdata/antichess): Black to move loses. With
# 3-man endgame tables dmsolve proves it in about 3 s; the proof is 2 MB (0.5 MB with zstd).
LEAF_FEN = "8/5k2/8/8/5K2/8/5RP1/2R5 b - - 3 61"
