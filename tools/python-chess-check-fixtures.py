#!/usr/bin/env python3
"""Write crates/sliders-movegen/tests/data/python-chess/checks.txt (issue 63, defect 5).

Seeded random positions in check, most with an en passant square, each with what
python-chess 1.11.2's `Board.status()` says about its check: `ok`, `impossible_check`
or `too_many_checkers`. Only positions whose status has no other error are kept (so
they differ only in the rule under test), and only positions where the side to move is
in check (the rule only speaks of checks).

How a position is made: both kings on random squares, two to six random pieces and
pawns (pawns on ranks 2-7), a random side to move; for most positions one pawn of the
side that just moved is put on its fourth rank (from its side) with the squares it
passed emptied, and the square it passed is the en passant square. Positions are drawn
until the requested numbers of each answer are reached, so the file holds every case.

    pip install chess==1.11.2
    python3 tools/python-chess-check-fixtures.py          # --seed 63 --per-answer 700

Same seed, same bytes.
"""
import argparse
import random
import sys
from pathlib import Path

import chess

PINNED = "1.11.2"
ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "crates/sliders-movegen/tests/data/python-chess/checks.txt"
UNDER_TEST = chess.STATUS_IMPOSSIBLE_CHECK | chess.STATUS_TOO_MANY_CHECKERS
ROLES = [chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN]


def answer(status):
    if status & chess.STATUS_TOO_MANY_CHECKERS:
        return "too_many_checkers"
    if status & chess.STATUS_IMPOSSIBLE_CHECK:
        return "impossible_check"
    return "ok"


def draw(rng):
    board = chess.Board(None)
    board.turn = rng.choice([chess.WHITE, chess.BLACK])
    squares = list(chess.SQUARES)
    rng.shuffle(squares)
    board.set_piece_at(squares.pop(), chess.Piece(chess.KING, chess.WHITE))
    board.set_piece_at(squares.pop(), chess.Piece(chess.KING, chess.BLACK))
    for _ in range(rng.randint(2, 6)):
        square = squares.pop()
        role = rng.choice(ROLES)
        if role == chess.PAWN and chess.square_rank(square) in (0, 7):
            continue
        board.set_piece_at(square, chess.Piece(role, rng.choice([chess.WHITE, chess.BLACK])))
    if rng.random() < 0.8:
        mover = not board.turn
        file = rng.randrange(8)
        # The pawn of the side that just moved, on its fourth rank, and the two squares
        # behind it empty.
        to_rank, via_rank, from_rank = (3, 2, 1) if mover == chess.WHITE else (4, 5, 6)
        to = chess.square(file, to_rank)
        if board.piece_type_at(to) == chess.KING:
            return None
        for rank in (via_rank, from_rank):
            if board.piece_type_at(chess.square(file, rank)) == chess.KING:
                return None
            board.remove_piece_at(chess.square(file, rank))
        board.set_piece_at(to, chess.Piece(chess.PAWN, mover))
        board.ep_square = chess.square(file, via_rank)
    return board


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=63)
    parser.add_argument("--per-answer", type=int, default=700)
    args = parser.parse_args()
    if chess.__version__ != PINNED:
        sys.exit(f"python-chess {PINNED} is required (found {chess.__version__})")
    rng = random.Random(args.seed)
    counts = {"ok": 0, "impossible_check": 0, "too_many_checkers": 0}
    with_ep = {"ok": 0, "impossible_check": 0, "too_many_checkers": 0}
    # too_many_checkers is rare: a tenth of the others is enough.
    wanted = {"ok": args.per_answer, "impossible_check": args.per_answer,
              "too_many_checkers": max(1, args.per_answer // 10)}
    lines = []
    seen = set()
    while any(counts[k] < wanted[k] for k in counts):
        board = draw(rng)
        if board is None or not board.is_check():
            continue
        status = board.status()
        if status & ~UNDER_TEST:
            continue
        key = answer(status)
        fen = board.fen(en_passant="fen")
        if counts[key] >= wanted[key] or fen in seen:
            continue
        seen.add(fen)
        counts[key] += 1
        with_ep[key] += board.ep_square is not None
        lines.append(f"{fen};{key}")
    header = [
        f"# python-chess {PINNED} Board.status() on positions in check: FEN;answer",
        f"# tools/python-chess-check-fixtures.py --seed {args.seed} --per-answer {args.per_answer}",
        "# answers (with an en passant square): "
        + ", ".join(f"{k} {counts[k]} ({with_ep[k]})" for k in counts),
    ]
    OUT.write_text("\n".join(header + lines) + "\n")
    print(f"{OUT.relative_to(ROOT)}: {len(lines)} positions; {header[2][2:]}")


if __name__ == "__main__":
    main()
