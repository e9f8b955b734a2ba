#!/usr/bin/env bash
# The perftree protocol over Stockfish's `go perft`:
#
#   stockfish.sh <depth> "<fen>" "<moves>"
#
# prints `<move> <count>` lines, a blank line and the total. A FEN whose castling field
# uses file letters (Shredder-FEN, as `sliders` writes Chess960 positions) switches
# Stockfish to UCI_Chess960, where castling is written king-takes-rook as ours is.
# STOCKFISH names the engine (default: `stockfish` on PATH, else /usr/games/stockfish,
# where Debian's package puts it).
#
#   sliders perft --compare contrib/perftree/stockfish.sh 5 --fen "..."
set -euo pipefail
depth=$1
fen=$2
moves=${3:-}
engine=${STOCKFISH:-$(command -v stockfish || echo /usr/games/stockfish)}
castling=$(awk '{ print $3 }' <<< "$fen")
chess960=false
if [[ $castling =~ [A-Ha-h] ]]; then
    chess960=true
fi
{
    echo "setoption name UCI_Chess960 value $chess960"
    echo "position fen $fen${moves:+ moves $moves}"
    echo "go perft $depth"
    echo "quit"
} | "$engine" | awk '
    /^[a-h][1-8][a-h][1-8][qrbn]?: [0-9]+$/ { sub(":", ""); print; next }
    /^Nodes searched: [0-9]+$/ { print ""; print $3; found = 1 }
    END { if (!found) exit 1 }
'
